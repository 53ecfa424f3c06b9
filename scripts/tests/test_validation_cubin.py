"""SASS counts from a cubin's code section (scripts/validation/cubin.py): a
hand-built ELF file with known instruction words, and, where nvcc is
installed, a kernel whose instruction mix the source fixes."""
import os
import shutil
import struct
import subprocess
import tempfile
import unittest

import _validation_helpers  # noqa: F401  (import path)
from validation import cubin


def elf_with(sections):
    """A minimal ELF64 file: a null section, the named sections with the
    given bytes, and the section-name table."""
    names = b"\0"
    name_at = []
    for name, _ in sections:
        name_at.append(len(names))
        names += name.encode() + b"\0"
    shstr_at = len(names)
    names += b".shstrtab\0"
    body = b""
    offsets = []
    for _, data in sections:
        offsets.append(64 + len(body))
        body += data
    names_off = 64 + len(body)
    body += names
    shoff = 64 + len(body)
    n = len(sections) + 2
    head = bytearray(64)
    head[0:5] = b"\x7fELF\x02"
    struct.pack_into("<Q", head, 0x28, shoff)
    struct.pack_into("<HHH", head, 0x3A, 64, n, n - 1)
    table = bytes(64)  # the null section
    for (name, data), at, off in zip(sections, name_at, offsets):
        table += struct.pack("<IIQQQQIIQQ", at, 1, 6, 0, off, len(data), 0, 0, 16, 0)
    table += struct.pack("<IIQQQQIIQQ", shstr_at, 3, 0, 0, names_off, len(names), 0, 0, 1, 0)
    return bytes(head) + body + table


def instr(opcode):
    return struct.pack("<QQ", 0x12345000 | opcode, 0)


class HandBuilt(unittest.TestCase):
    def write(self, sections):
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        path = os.path.join(d, "k.cubin")
        with open(path, "wb") as fh:
            fh.write(elf_with(sections))
        return path

    def test_counts(self):
        # 3 FFMA (2 with a constant operand, 1 with registers), 2 LDS, 1 LDG,
        # 1 STG and 2 others: 9 instructions of 16 bytes
        code = b"".join(instr(o) for o in (0xa23, 0xa23, 0x223, 0x984, 0x984, 0x981, 0x986, 0x947, 0x94d))
        path = self.write([(".text._Z4stepPf", code), (".text.other", instr(0x984))])
        c = cubin.instruction_counts(path, "step")
        self.assertEqual(c, {"instructions": 9, "ffma": 3, "lds": 2, "ldg": 1, "sts": 0, "stg": 1})
        self.assertEqual(cubin.instruction_counts(path, "other")["lds"], 1)

    def test_errors(self):
        path = self.write([(".text.step", instr(0x223) + b"\0" * 8)])
        with self.assertRaisesRegex(cubin.CubinError, "whole 16-byte"):
            cubin.instruction_counts(path, "step")
        with self.assertRaisesRegex(cubin.CubinError, "no code section for kernel missing"):
            cubin.instruction_counts(path, "missing")
        bad = self.write([])
        with open(bad, "r+b") as fh:
            fh.write(b"MZ")
        with self.assertRaisesRegex(cubin.CubinError, "not a 64-bit ELF"):
            cubin.instruction_counts(bad, "step")


NVCC = os.path.join(os.environ.get("CUDA_PATH", "/usr/local/cuda"), "bin", "nvcc")


@unittest.skipUnless(os.path.exists(NVCC), "no nvcc")
class FromNvcc(unittest.TestCase):
    def test_unrolled_taps(self):
        # 8 taps, fully unrolled: 8 loads from shared memory, 8 FMAs with the
        # weights in constant memory, one global load, one shared store and
        # one global store per thread
        src = r'''
__constant__ float w[8];
extern "C" __global__ void taps(const float *in, float *out)
{
    __shared__ float t[256 + 8];
    t[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
    __syncthreads();
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < 8; k++)
        acc += w[k] * t[threadIdx.x + k];
    out[blockIdx.x * 256 + threadIdx.x] = acc;
}
'''
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        with open(os.path.join(d, "k.cu"), "w") as fh:
            fh.write(src)
        p = subprocess.run([NVCC, "-arch=sm_80", "-cubin", "-o", os.path.join(d, "k.cubin"),
                            os.path.join(d, "k.cu")], capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        c = cubin.instruction_counts(os.path.join(d, "k.cubin"), "taps")
        self.assertEqual((c["ffma"], c["lds"], c["ldg"], c["sts"], c["stg"]), (8, 8, 1, 1, 1), c)


if __name__ == "__main__":
    unittest.main()
