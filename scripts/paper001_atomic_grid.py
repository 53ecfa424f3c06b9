#!/usr/bin/env python3
"""Writes the shared-atomic T(n,e,c) grids of the bundled hardware tables.

The grids follow T(n, e) = L + n * (a + b * e) per instruction class (docs/atomics.md
section 8 derives every constant from paper 001's published figures). This script only does the
arithmetic and replaces the "atomics" block at the end of each runtime/tables/*.json, leaving
the rest of the file as it is. Run from the repository root:

    python3 scripts/paper001_atomic_grid.py            # rewrite the tables
    python3 scripts/paper001_atomic_grid.py --check    # exit 1 when a table differs
"""
import json
import re
import sys
from pathlib import Path

E_VALUES = [1, 2, 4, 8, 16, 32]

# Per-lane constants (cycles), docs/atomics.md section 8.
VOLTA_RMW = (2.05, 0.0875)     # ATOMS.ADD on sm_70/75: 76 % on Titan V, uniform image
AMPERE_RMW = (4.39, 0.0875)    # ATOMS.ADD on sm_80+: ~100 % on A6000 and Fig. 5's 1.3x
AMPERE_UNUSED = (1.53, 0.021)  # ATOMS.POPC.INC on sm_80+: 50 % on A6000
# CAS: no figure in paper 001 gives a CAS time; twice the fetch-and-op per-lane costs (a
# compare pass and a write pass) is an inference.
CAS_FACTOR = 2.0

# id: (L = 2 x measured L1 pointer-chase latency, family, provenance of L)
GPUS = {
    "v100": (60, "volta", "V100 L1 latency 30 cycles"),
    "rtx2080super": (60, "volta", "no Turing latency: V100's 30 cycles"),
    "rtx-a6000": (72, "ampere", "L40/A100 L1 latency 36 cycles (no GA102 figure)"),
    "rtx-a4000": (72, "ampere", "L40/A100 L1 latency 36 cycles (no GA104 figure)"),
    "a100-40gb": (72, "ampere", "A100 L1 latency 36 cycles"),
    "a100-80gb": (72, "ampere", "A100 L1 latency 36 cycles"),
    "a100-pcie-40gb": (72, "ampere", "A100 L1 latency 36 cycles"),
    "h100-sxm": (68, "ampere", "H100 PCIe L1 latency 34 cycles"),
    "h100-pcie": (68, "ampere", "H100 PCIe L1 latency 34 cycles"),
    "h200": (68, "ampere", "H100 PCIe L1 latency 34 cycles"),
}


def grid(latency, n_values, per_instruction, per_lane):
    return [[round(latency + n * (per_instruction + per_lane * e), 2) for e in E_VALUES]
            for n in n_values]


def n_grid(max_warps):
    values = [n for n in (1, 2, 4, 8, 16, 32) if n < max_warps]
    return values + [max_warps]


def block_for(gpu_id, max_warps):
    latency, family, latency_source = GPUS[gpu_id]
    n_values = n_grid(max_warps)
    rmw = VOLTA_RMW if family == "volta" else AMPERE_RMW
    cas = (rmw[0] * CAS_FACTOR, rmw[1] * CAS_FACTOR)
    block = {
        "provisional": True,
        "source": "inference: T=L+n(a+b*e) fitted to paper 001 sec. 4.1, Fig. 3-5 utilisations "
                  "(76 %, 50 %, ~100 %, 1.3x speedup); docs/atomics.md sec. 8",
        "note": (
            "Not measured on this GPU. paper 001 publishes utilisations, not its T grid (Fig. 1's "
            "values are not in the text), so a, b come from its histogram cases against warpest's "
            "own non-atomic limiters (docs/atomics.md sec. 8, scripts/paper001_atomic_grid.py). "
            f"Family {family}: rmw a={rmw[0]} b={rmw[1]}"
            + (f", unused a={AMPERE_UNUSED[0]} b={AMPERE_UNUSED[1]}" if family == "ampere" else
               ", no POPC.INC before sm_80")
            + f", CAS {CAS_FACTOR:g}x rmw (inference). L={latency}: 2 x {latency_source} "
            "(gpu-benches gpu-latency)."),
        "n": n_values,
        "e": E_VALUES,
        "t_rmw": grid(latency, n_values, *rmw),
        "t_cas": grid(latency, n_values, *cas),
    }
    if family == "ampere":
        block["t_unused"] = grid(latency, n_values, *AMPERE_UNUSED)
    return block


def render(block):
    lines = ['  "atomics": {']
    items = list(block.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i + 1 < len(items) else ""
        if key.startswith("t_"):
            rows = ",\n".join("      " + json.dumps(row) for row in value)
            lines.append(f'    "{key}": [\n{rows}\n    ]{comma}')
        else:
            lines.append(f'    "{key}": {json.dumps(value, ensure_ascii=False)}{comma}')
    lines.append("  }")
    return "\n".join(lines)


def main():
    check = "--check" in sys.argv[1:]
    differs = 0
    for path in sorted(Path("runtime/tables").glob("*.json")):
        text = path.read_text()
        table = json.loads(text)
        gpu_id = path.stem
        if gpu_id not in GPUS:
            print(f"{path}: no atomic family for this GPU", file=sys.stderr)
            return 2
        new_block = render(block_for(gpu_id, int(table["max_warps_per_sm"]["value"])))
        match = re.search(r'  "atomics": \{.*?\n  \}(?=\n\}\s*$)', text, re.S)
        if not match:
            print(f"{path}: no trailing \"atomics\" block", file=sys.stderr)
            return 2
        new_text = text[:match.start()] + new_block + text[match.end():]
        if new_text != text:
            differs += 1
            if check:
                print(f"{path}: atomic grid differs from the script's")
            else:
                path.write_text(new_text)
    return 1 if check and differs else 0


if __name__ == "__main__":
    sys.exit(main())
