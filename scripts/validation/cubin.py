"""SASS instruction counts of one kernel in a cubin, read from the ELF
section `.text.<kernel>` without a disassembler (the CUDA toolkit here has
none): every instruction of sm_70 and later is 16 bytes, so the section's
size / 16 is the kernel's static instruction count. For code without loops
(fully unrolled) that is also a thread's dynamic count, the figure to set
beside the model's (report `compute.warp_instructions` x 32 / active
threads).

A few opcode classes are told apart by the low 12 bits of an instruction's
first 64-bit word. NVIDIA does not document the encoding; the values below
were identified on sm_80/sm_86 by counting them in kernels whose mix is known
from the source (docs/accuracy.md, "SASS counts"), and only these are used."""

import struct

# low 12 bits of the first word -> class
OPCODE_CLASSES = {
    0x223: "ffma",  # FFMA, register operands
    0xa23: "ffma",  # FFMA with a constant-bank operand (c[0x3][...])
    0x984: "lds",
    0x981: "ldg",
    0x388: "sts",
    0x986: "stg",
}
CLASSES = ("ffma", "lds", "ldg", "sts", "stg")


class CubinError(Exception):
    pass


def _sections(data):
    if data[:4] != b"\x7fELF" or data[4] != 2:
        raise CubinError("not a 64-bit ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    if shoff == 0 or shentsize < 64 or shoff + shnum * shentsize > len(data) or shstrndx >= shnum:
        raise CubinError("bad section header table")
    heads = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize) for i in range(shnum)]
    str_off, str_size = heads[shstrndx][4], heads[shstrndx][5]
    names = data[str_off:str_off + str_size]
    for name_at, _type, _flags, _addr, off, size in heads:
        end = names.find(b"\0", name_at)
        yield names[name_at:end].decode("ascii", "replace"), off, size


def kernel_section(data, kernel, path=""):
    """(section name, offset, size) of the kernel's code in a cubin's bytes:
    `.text.<kernel>` for an extern "C" name, else the Itanium-mangled
    `.text._Z<len><kernel>...`."""
    mangled = ".text._Z%d%s" % (len(kernel), kernel)
    for name, off, size in _sections(data):
        if name == ".text." + kernel or name.startswith(mangled):
            return name, off, size
    raise CubinError("no code section for kernel %s in %s" % (kernel, path))


def kernel_text(path, kernel):
    """(offset, size, data) of the kernel's code (kernel_section)."""
    with open(path, "rb") as fh:
        data = fh.read()
    name, off, size = kernel_section(data, kernel, path)
    if off + size > len(data) or size % 16:
        raise CubinError("section %s does not hold whole 16-byte instructions" % name)
    return off, size, data


def instruction_counts(path, kernel):
    """{"instructions": n, "ffma": n, "lds": n, ...} for the kernel."""
    off, size, data = kernel_text(path, kernel)
    counts = {c: 0 for c in CLASSES}
    for at in range(off, off + size, 16):
        word, = struct.unpack_from("<Q", data, at)
        cls = OPCODE_CLASSES.get(word & 0xFFF)
        if cls:
            counts[cls] += 1
    counts["instructions"] = size // 16
    return counts
