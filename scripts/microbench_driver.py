#!/usr/bin/env python3
"""Run warpest's CUDA micro-benchmarks (microbench/) on the current GPU and
turn their output into a hardware table (docs/microbenchmarks.md).

Each part runs one program, within a time limit of 8 minutes by default, so
that the suite can be run as separate invocations:

    scripts/microbench_driver.py --part dram --out-dir mb-h100
    scripts/microbench_driver.py --part l2 --out-dir mb-h100
    ...
    scripts/microbench_driver.py --convert --out-dir mb-h100 \\
        --base runtime/tables/h100-sxm.json --id h100-sxm-measured

--all runs every part (each still with its own limit) and converts. Raw
output is kept in OUT_DIR/raw/: PROGRAM.jsonl (stdout), PROGRAM.stderr,
PROGRAM.meta.json (date, command, exit status, nvidia-smi facts, SM clocks
sampled during the run). Standard library only.
"""

import argparse
import datetime
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import microbench_table as mt  # noqa: E402

PARTS = {
    "dram": "wp_dram",
    "l2": "wp_l2",
    "l1": "wp_l1",
    "atomics": "wp_shatomic",
    "throughput": "wp_throughput",
}
DEFAULT_LIMIT_S = 480


def nvidia_smi_facts():
    """Name, driver, PCI id, serial and clocks from nvidia-smi (empty if absent)."""
    exe = shutil.which("nvidia-smi")
    if not exe:
        return {}
    fields = ["name", "driver_version", "pci.bus_id", "serial", "clocks.max.sm",
              "clocks.max.mem", "power.limit"]
    try:
        out = subprocess.run([exe, f"--query-gpu={','.join(fields)}", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=30, check=True).stdout
    except (subprocess.SubprocessError, OSError):
        return {}
    first = out.strip().splitlines()[0] if out.strip() else ""
    values = [v.strip() for v in first.split(",")]
    if len(values) != len(fields):
        return {}
    return {"gpu_name": values[0], "driver_version": values[1], "pci_bus_id": values[2],
            "serial": values[3], "max_sm_clock": values[4], "max_mem_clock": values[5],
            "power_limit": values[6]}


class ClockSampler:
    """Samples the SM clock with nvidia-smi every half second while a part runs."""

    def __init__(self, device):
        self.samples = []
        self.exe = shutil.which("nvidia-smi")
        self.device = device
        self.proc = None
        self.thread = None

    def __enter__(self):
        if self.exe:
            self.proc = subprocess.Popen(
                [self.exe, "-i", str(self.device), "--query-gpu=clocks.sm",
                 "--format=csv,noheader,nounits", "-lms", "500"],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            self.thread = threading.Thread(target=self._read, daemon=True)
            self.thread.start()
        return self

    def _read(self):
        for line in self.proc.stdout:
            try:
                self.samples.append(float(line.strip()))
            except ValueError:
                pass

    def __exit__(self, *exc):
        if self.proc:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.thread.join(timeout=5)
        return False

    def summary(self):
        if not self.samples:
            return None
        return {"samples": len(self.samples), "min_mhz": min(self.samples),
                "median_mhz": statistics.median(self.samples), "max_mhz": max(self.samples)}


def run_part(part, bin_dir, raw_dir, device, limit_s, quick, extra_args):
    program = pathlib.Path(bin_dir) / PARTS[part]
    if not program.exists():
        raise SystemExit(f"microbench_driver: {program} not found; build the 'microbench' target")
    cmd = [str(program), "--device", str(device)] + (["--quick"] if quick else []) + extra_args
    raw_dir.mkdir(parents=True, exist_ok=True)
    out_path = raw_dir / f"{PARTS[part]}.jsonl"
    err_path = raw_dir / f"{PARTS[part]}.stderr"
    meta = {"part": part, "command": cmd,
            "date": datetime.date.today().isoformat(),
            "started": datetime.datetime.now().isoformat(timespec="seconds")}
    meta.update(nvidia_smi_facts())
    print(f"microbench_driver: running {' '.join(cmd)} (limit {limit_s} s)", file=sys.stderr)
    start = time.monotonic()
    with open(out_path, "w") as out, open(err_path, "w") as err, ClockSampler(device) as clocks:
        try:
            status = subprocess.run(cmd, stdout=out, stderr=err, timeout=limit_s).returncode
        except subprocess.TimeoutExpired:
            status = "timeout"
    meta["duration_s"] = round(time.monotonic() - start, 1)
    meta["exit_status"] = status
    meta["clocks"] = clocks.summary()
    (raw_dir / f"{PARTS[part]}.meta.json").write_text(json.dumps(meta, indent=2) + "\n")
    if status != 0:
        tail = err_path.read_text()[-2000:]
        raise SystemExit(f"microbench_driver: {PARTS[part]} failed ({status}); "
                         f"its output is not used.\n{tail}")
    print(f"microbench_driver: {part} done in {meta['duration_s']} s", file=sys.stderr)


def display_path(path):
    """path relative to the current directory when it lies below it (the
    repository root, where the driver is run), so that a table's sources name
    the raw file as it is committed (data/measured/...), not a machine's path."""
    path = pathlib.Path(path).resolve()
    try:
        return str(path.relative_to(pathlib.Path.cwd().resolve()))
    except ValueError:
        return str(path)


def load_parts(raw_dir, wanted=None):
    """PartRun objects for every part whose raw output exists and succeeded."""
    parts = {}
    for part, program in PARTS.items():
        if wanted and part not in wanted:
            continue
        out_path = raw_dir / f"{program}.jsonl"
        if not out_path.exists():
            continue
        meta_path = raw_dir / f"{program}.meta.json"
        meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
        if meta.get("exit_status", 0) != 0:
            print(f"microbench_driver: skipping {part}: its run failed", file=sys.stderr)
            continue
        parts[part] = mt.PartRun(mt.parse_jsonl(out_path.read_text(), str(out_path)), meta,
                                 origin=display_path(out_path))
    return parts


def convert(raw_dir, base_path, table_path, summary_path, table_id, dram_kernel, atomic_mode):
    parts = load_parts(raw_dir)
    if not parts:
        raise SystemExit(f"microbench_driver: no raw output in {raw_dir}")
    base = json.loads(pathlib.Path(base_path).read_text())
    if base.get("format") != "warpest-hardware-table":
        raise SystemExit(f"microbench_driver: {base_path} is not a warpest hardware table")
    table, summary = mt.build_table(base, parts, table_id=table_id, dram_kernel=dram_kernel,
                                    atomic_mode=atomic_mode)
    mt.finite_json(table)
    table_path.parent.mkdir(parents=True, exist_ok=True)
    table_path.write_text(json.dumps(table, indent=2) + "\n")
    summary_path.write_text(json.dumps(summary, indent=2) + "\n")
    for warning in summary["warnings"]:
        print(f"microbench_driver: warning: {warning}", file=sys.stderr)
    print(f"microbench_driver: wrote {table_path} and {summary_path}", file=sys.stderr)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--part", choices=sorted(PARTS), action="append",
                      help="run one part (repeatable)")
    what.add_argument("--all", action="store_true", help="run every part, then convert")
    what.add_argument("--convert", action="store_true",
                      help="only build the table from existing raw output")
    ap.add_argument("--out-dir", type=pathlib.Path, required=True,
                    help="where raw/ and the table go")
    ap.add_argument("--bin-dir", default="build/microbench",
                    help="where the wp_* programs are (default build/microbench)")
    ap.add_argument("--device", type=int, default=0)
    ap.add_argument("--limit", type=int, default=DEFAULT_LIMIT_S,
                    help="seconds per part (default 480)")
    ap.add_argument("--quick", action="store_true", help="smoke test: fewer points")
    ap.add_argument("--args", default="", help="extra arguments for the program(s)")
    ap.add_argument("--base", help="table whose unmeasured values are kept (required to convert)")
    ap.add_argument("--table", type=pathlib.Path,
                    help="output table (default OUT_DIR/tables/ID.json, a directory for WARPEST_TABLES)")
    ap.add_argument("--id", help="id of the new table (default: the base's id)")
    ap.add_argument("--dram-kernel", default="triad", choices=["read", "write", "copy", "triad"])
    ap.add_argument("--atomic-mode", default="same", choices=["same", "warp", "distinct"])
    args = ap.parse_args(argv)

    if (args.convert or args.all) and not args.base:
        ap.error("--base TABLE is needed to write a table (--convert, --all)")
    raw_dir = args.out_dir / "raw"
    parts = sorted(PARTS) if args.all else (args.part or [])
    for part in parts:
        run_part(part, args.bin_dir, raw_dir, args.device, args.limit, args.quick,
                 args.args.split())
    if args.base:  # also after --part: convert whatever raw output exists
        base = json.loads(pathlib.Path(args.base).read_text())
        table_id = args.id or base.get("id", "measured")
        table_path = args.table or args.out_dir / "tables" / f"{table_id}.json"
        convert(raw_dir, args.base, table_path, args.out_dir / "summary.json", table_id,
                args.dram_kernel, args.atomic_mode)
    return 0


if __name__ == "__main__":
    sys.exit(main())
