"""Turn raw micro-benchmark output (JSON lines of microbench/wp_*) into a
warpest hardware table (docs/hardware-table.md).

Pure functions, standard library only, so that scripts/tests can check the
conversion on fixture files without a GPU. scripts/microbench_driver.py runs
the programs and calls build_table().
"""

import copy
import json
import math
import statistics

SOURCE_LIMIT = 159  # hw_table.h keeps 160 bytes with the terminating zero

# The SPEC 5.1 tag-wavefront curve, to compare the measured one with.
SPEC_TAG_WAVEFRONTS = {1: 1.0, 2: 1.24, 3: 1.62, 4: 1.89, 8: 2.8, 16: 4.7, 32: 8.3}


class ConversionError(Exception):
    """Raw output that cannot be turned into a table value."""


# ----------------------------------------------------------------- reading

def parse_jsonl(text, origin="<raw>"):
    """Records of one program's stdout; any line that is not a JSON object is
    an error (the programs print nothing else on stdout)."""
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            raise ConversionError(f"{origin}:{number}: not JSON: {err}") from None
        if not isinstance(record, dict) or "bench" not in record:
            raise ConversionError(f"{origin}:{number}: not a benchmark record")
        records.append(record)
    return records


def measurements(records, test=None, **match):
    """The verified measurement records of a test whose fields equal match."""
    out = []
    for r in records:
        if r.get("record") != "measurement":
            continue
        if test is not None and r.get("test") != test:
            continue
        if any(r.get(k) != v for k, v in match.items()):
            continue
        if r.get("verified") is not True:
            raise ConversionError(f"{r.get('bench')} {r.get('test')}: record not verified")
        out.append(r)
    return out


def device_record(records):
    for r in records:
        if r.get("record") == "device":
            return r
    raise ConversionError("no device record in the raw output")


def observed_clock_mhz(records):
    """Median of the SM clocks the program observed (start and end)."""
    clocks = [r["sm_clock_mhz"] for r in records
              if r.get("record") == "clock" and isinstance(r.get("sm_clock_mhz"), (int, float))]
    return statistics.median(clocks) if clocks else None


# ------------------------------------------------------------------ knees

def running_median(values, width=3):
    half = width // 2
    return [statistics.median(values[max(0, i - half):i + half + 1]) for i in range(len(values))]


def find_knee(sizes, bandwidths, tail_points=3, min_ratio=1.3):
    """Capacity knee of a bandwidth-over-footprint sweep.

    The plateau ("high") is the largest 3-point running median, the floor
    ("low") the median of the tail_points largest sizes. Working in time per
    byte, where a hit rate h mixes linearly (t = h/high + (1-h)/low), the knee
    is the footprint at which t crosses the midpoint, i.e. where half the
    accesses hit; interpolated linearly between the two points around it.
    Returns a dict (knee, high, low, hit-rate points) or None when the sweep
    shows no drop of at least min_ratio or does not reach the floor.
    """
    pairs = sorted(zip(sizes, bandwidths))
    if len(pairs) < tail_points + 3:
        return None
    xs = [float(p[0]) for p in pairs]
    ys = [float(p[1]) for p in pairs]
    if min(ys) <= 0:
        raise ConversionError("non-positive bandwidth in a sweep")
    smooth = running_median(ys)
    high = max(smooth)
    peak_index = smooth.index(high)
    low = statistics.median(ys[-tail_points:])
    if high < min_ratio * low:
        return None
    t_high, t_low = 1.0 / high, 1.0 / low
    threshold = 0.5 * (t_high + t_low)
    knee = None
    for i in range(max(peak_index, 1), len(xs)):
        t_prev, t_cur = 1.0 / smooth[i - 1], 1.0 / smooth[i]
        if t_cur > threshold >= t_prev:
            frac = (threshold - t_prev) / (t_cur - t_prev)
            knee = xs[i - 1] + frac * (xs[i] - xs[i - 1])
            break
    if knee is None or knee >= xs[-tail_points]:
        return None  # the floor is not reached after the drop
    hits = []
    for x, y in zip(xs, ys):
        h = (t_low - 1.0 / y) / (t_low - t_high)
        hits.append({"footprint": x, "oversubscription": x / knee,
                     "hit_rate": min(1.0, max(0.0, h))})
    return {"knee": knee, "high": high, "low": low, "hit_rate_points": hits}


def plateau(sizes, bandwidths, knee, lowest=2e6):
    """Median bandwidth of the points between lowest and half the knee (at
    least the two largest points below the knee when that range is empty)."""
    pts = sorted(zip(sizes, bandwidths))
    inside = [y for x, y in pts if lowest <= x <= 0.5 * knee]
    if len(inside) < 2:
        inside = [y for x, y in pts if x < knee][-2:]
    if not inside:
        raise ConversionError("no points below the knee")
    return statistics.median(inside)


# ---------------------------------------------------------------- atomics

def pick_evenly(values, limit):
    """At most limit of the sorted values: both ends and evenly spaced ones."""
    values = sorted(values)
    if len(values) <= limit:
        return values
    picked = {values[round(i * (len(values) - 1) / (limit - 1))] for i in range(limit)}
    return sorted(picked)


def atomic_grid(records, mode="same", max_n=32, max_e=32):
    """Assemble T(n, e) grids for c = 0 (rmw), c = n (cas) and unused from the
    wp_shatomic records of one address mode. Only n rows complete for all
    three ops and every e are kept; t values are clamped to at least one
    cycle (the table requires T > 0). Returns (grid dict, notes)."""
    table = {"rmw": {}, "cas": {}, "unused": {}}
    for r in measurements(records, "T", mode=mode):
        op = r.get("op")
        if op not in table:
            continue
        n, e = int(r["n"]), int(r["e"])
        if op == "cas" and int(r["c"]) != n:
            continue
        table[op][(n, e)] = float(r["t_cycles"])
    e_values = sorted({e for (_, e) in table["rmw"]})
    n_values = sorted({n for (n, _) in table["rmw"]})
    notes = []
    complete = []
    for n in n_values:
        if all((n, e) in table[op] for op in table for e in e_values):
            complete.append(n)
        else:
            notes.append(f"n={n} dropped: not every op and e measured")
    if not complete or not e_values:
        raise ConversionError(f"no complete T(n, e) rows for address mode '{mode}'")
    n_pick = pick_evenly(complete, max_n)
    e_pick = pick_evenly(e_values, max_e)
    clamped = 0

    def grid(op):
        nonlocal clamped
        rows = []
        for n in n_pick:
            row = []
            for e in e_pick:
                t = table[op][(n, e)]
                if t < 1.0:
                    clamped += 1
                    t = 1.0
                row.append(round(t, 2))
            rows.append(row)
        return rows

    result = {"n": n_pick, "e": e_pick, "t_rmw": grid("rmw"), "t_cas": grid("cas"),
              "t_unused": grid("unused")}
    if clamped:
        notes.append(f"{clamped} values below one cycle after the baseline were set to 1")
    return result, notes


def mix_linearity(records, mode="same"):
    """For the c sweeps: largest relative deviation of T(n, e, c) from the
    line between c = 0 and c = n, per (n, e) (the model interpolates in c/n)."""
    points = {}
    for r in measurements(records, "T", mode=mode):
        if r.get("fao_op") != "rmw":
            continue
        points.setdefault((int(r["n"]), int(r["e"])), {})[int(r["c"])] = float(r["t_cycles"])
    out = []
    for (n, e), by_c in sorted(points.items()):
        if 0 not in by_c or n not in by_c or len(by_c) < 3:
            continue
        t0, tn = by_c[0], by_c[n]
        worst = 0.0
        for c, t in by_c.items():
            line = t0 + (tn - t0) * c / n
            if line > 0:
                worst = max(worst, abs(t - line) / line)
        out.append({"n": n, "e": e, "max_relative_deviation": round(worst, 4)})
    return out


# ------------------------------------------------------ L1 rules (SPEC 5.1)

def spec_data_wavefronts(lane_offsets, elem_bytes):
    """Data-stage wavefronts by SPEC 5.1: 8-byte accesses per half-warp, 16-byte
    per quarter-warp; within a group, the most distinct 4-byte words in one of
    the 32 banks (identical words are one)."""
    group = {4: 32, 8: 16, 16: 8}[elem_bytes]
    total = 0
    for start in range(0, 32, group):
        banks = {}
        for off in lane_offsets[start:start + group]:
            for w in range(elem_bytes // 4):
                word = int(off) // 4 + w
                banks.setdefault(word % 32, set()).add(word)
        total += max(1, max(len(words) for words in banks.values()))
    return total


def spec_tag_wavefronts(lines):
    xs = sorted(SPEC_TAG_WAVEFRONTS)
    if lines <= xs[0]:
        return SPEC_TAG_WAVEFRONTS[xs[0]]
    for a, b in zip(xs, xs[1:]):
        if lines <= b:
            ya, yb = SPEC_TAG_WAVEFRONTS[a], SPEC_TAG_WAVEFRONTS[b]
            return ya + (yb - ya) * (lines - a) / (b - a)
    return SPEC_TAG_WAVEFRONTS[xs[-1]]


def l1_rule_check(records):
    """Measured cycles per warp load next to SPEC 5.1's prediction
    max(data wavefronts, tag wavefronts) for every pattern record."""
    rows = []
    for r in measurements(records):
        if "lane_offsets" not in r:
            continue
        offsets = [int(o) for o in r["lane_offsets"]]
        elem = int(r["elem_bytes"])
        lines = len({(o + w) // 128 for o in offsets for w in range(0, elem, 4)})
        data = spec_data_wavefronts(offsets, elem)
        tag = spec_tag_wavefronts(lines)
        predicted = max(data, tag)
        measured = float(r["cycles_per_instruction"])
        row = {"test": r["test"], "elem_bytes": elem, "lines": lines, "data_wavefronts": data,
               "tag_wavefronts": round(tag, 3), "predicted_cycles": round(predicted, 3),
               "measured_cycles": round(measured, 3),
               "ratio": round(measured / predicted, 3)}
        for key in ("stride", "line_spacing"):
            if key in r:
                row[key] = r[key]
        rows.append(row)
    return rows


# -------------------------------------------------------------- the table

def describe_run(device, date, driver):
    """The device part of every source string. The clock is left out: it is a
    table value of its own (clock_mhz) and in the measurement object, and the
    159 characters are needed for the raw file's name."""
    return (f"{date} {device.get('name', '?')} driver {driver} "
            f"CUDA {device.get('runtime_cuda_version', '?')}")


def make_source(bench_test, run_text, origin=None):
    """'measured: warpest-microbench BENCH TEST RUN, FILE'. The file is the raw
    output the value came from, so that every measured value can be traced to
    its data; when the whole does not fit the 159-character slot, only the
    file's last two path parts (raw/wp_X.jsonl) are given: the directory is in
    the table's measurement object."""
    text = f"measured: warpest-microbench {bench_test} {run_text}"
    if origin:
        full = f"{text}, {origin}"
        if len(full) <= SOURCE_LIMIT:
            return full
        short = "/".join(str(origin).replace("\\", "/").split("/")[-2:])
        text = f"{text}, {short}"
    if len(text) > SOURCE_LIMIT:
        text = text[:SOURCE_LIMIT]
    return text


def round_to_path_width(bytes_per_cycle):
    """The L1 data path is 32, 64 or 128 B/cycle; a measurement within 15% of
    one of them names it."""
    for width in (128.0, 64.0, 32.0):
        if abs(bytes_per_cycle - width) <= 0.15 * width:
            return width
    return bytes_per_cycle


class PartRun:
    """One part's raw records plus how it ran (from the driver's meta file)."""

    def __init__(self, records, meta=None, origin=None):
        self.records = records
        self.meta = meta or {}
        self.device = device_record(records)
        self.origin = origin  # the raw .jsonl file, named in every source

    @property
    def date(self):
        return self.meta.get("date", "unknown-date")

    @property
    def driver(self):
        return (self.meta.get("driver_version")
                or self.device.get("driver_cuda_version", "?"))

    def clock(self):
        return observed_clock_mhz(self.records)

    def run_text(self):
        return describe_run(self.device, self.date, self.driver)

    def source(self, bench_test):
        return make_source(bench_test, self.run_text(), self.origin)


def build_table(base, parts, table_id=None, dram_kernel="triad", atomic_mode="same"):
    """A hardware table: base (dict, a bundled table) with every value the parts
    measured replaced. parts maps a part name (dram, l2, l1, atomics,
    throughput) to a PartRun. Returns (table, summary) where summary holds the
    derived quantities and checks that are not table fields."""
    table = copy.deepcopy(base)
    summary = {"parts": sorted(parts), "warnings": []}
    if table_id:
        table["id"] = table_id
    any_part = next(iter(parts.values()), None)
    if any_part is None:
        raise ConversionError("no raw output to convert")

    def set_scalar(key, value, bench_test, part, note=None):
        entry = {"value": value, "source": part.source(bench_test)}
        if note:
            entry["note"] = note
        table[key] = entry

    dev = any_part.device
    for part in parts.values():
        if part.device.get("name") != dev.get("name"):
            summary["warnings"].append(
                f"parts ran on different GPUs: {dev.get('name')} and {part.device.get('name')}")
    table["name"] = str(dev.get("name", table.get("name", "")))[:127]
    table["compute_capability"] = str(dev.get("compute_capability", table.get("compute_capability")))
    set_scalar("sm_count", int(dev["sm_count"]), "device query", any_part)
    # The nominal L2 size is what the runtime reports (cudaDeviceProp.l2CacheSize):
    # the H200 reports 60 MiB where the published figure copied from the H100
    # is 50 MiB, and the effective capacity below is a fraction of this value.
    dev_l2 = dev.get("l2_bytes")
    base_l2 = table.get("l2_bytes", {}).get("value")
    if isinstance(dev_l2, int) and dev_l2 > 0 and dev_l2 != base_l2:
        set_scalar("l2_bytes", dev_l2, "device query l2CacheSize", any_part,
                   note=f"the base table had {base_l2}")
        summary["warnings"].append(f"l2_bytes: device reports {dev_l2}, base table has {base_l2}")
    # The occupancy limits are copied from the base; say so when the device disagrees.
    for dev_key, table_key in (("max_threads_per_sm", "max_threads_per_sm"),
                               ("max_blocks_per_sm", "max_blocks_per_sm"),
                               ("regs_per_sm", "registers_per_sm"),
                               ("smem_per_block_optin", "max_shared_per_block"),
                               ("smem_reserved_per_block", "shared_reserved_per_block")):
        have = table.get(table_key, {}).get("value")
        if dev_key in dev and have is not None and dev[dev_key] != have:
            summary["warnings"].append(
                f"{table_key}: device reports {dev[dev_key]}, base table has {have} (kept)")

    clocks = [p.clock() for p in parts.values() if p.clock()]
    if clocks:
        set_scalar("clock_mhz", round(statistics.median(clocks), 1), "clock64/globaltimer",
                   any_part, note="SM clock observed by the micro-benchmarks (median over parts)")

    if "dram" in parts:
        p = parts["dram"]
        peak = measurements(p.records, "peak", kernel=dram_kernel)
        if not peak:
            raise ConversionError(f"wp_dram: no peak records for kernel {dram_kernel}")
        best = max(peak, key=lambda r: r["median_gbs"])
        set_scalar("dram_bandwidth", best["median_gbs"] * 1e9, f"wp_dram {dram_kernel}", p,
                   note=f"median of {best['reps']} runs, ILP {best['ilp']}, full occupancy")
        summary["dram_peak_gbs"] = {f"{r['kernel']} ilp{r['ilp']}": r["median_gbs"]
                                    for r in measurements(p.records, "peak")}
        curve = sorted((r["warps_per_sm"], r["median_gbs"] * 1e9)
                       for r in measurements(p.records, "occupancy", kernel=dram_kernel, ilp=4))
        if curve:
            table["dram_bandwidth_curve"] = {
                "x": [x for x, _ in curve], "y": [y for _, y in curve],
                "source": p.source(f"wp_dram {dram_kernel} occupancy"),
                "note": "x: resident warps per SM (set by dynamic shared memory), ILP 4"}

    if "l2" in parts:
        p = parts["l2"]
        knees = {}
        for mode in ("shared", "disjoint"):
            recs = measurements(p.records, mode)
            sizes = [r["size_bytes"] for r in recs]
            bws = [r["median_gbs"] * 1e9 for r in recs]
            knee = find_knee(sizes, bws)
            knees[mode] = knee
            summary[f"l2_{mode}"] = {
                "sizes_bytes": sizes, "bandwidth": bws,
                "knee_bytes": knee["knee"] if knee else None,
                "plateau": plateau(sizes, bws, knee["knee"]) if knee else None,
                "floor": knee["low"] if knee else None,
                "hit_rate_points": knee["hit_rate_points"] if knee else None}
        # Effective capacity for shared data. A sweep's knee is not a capacity:
        # L2 keeps serving hits while DRAM serves the misses, and the
        # replacement is not LRU, so bandwidth reaches its time midpoint well
        # beyond the nominal size (first real run, H100 SXM: disjoint 81.7 MB
        # for 52.4 MB nominal). Both sweeps have the same reuse distance
        # (S bytes of traffic between rereads) and differ only in who reads a
        # line, so the ratio of their knees is what sharing costs; it scales
        # the nominal size. Without a disjoint knee the shared knee is used as
        # it stands (the former rule), capped at the nominal size.
        nominal = table.get("l2_bytes", {}).get("value")
        both = knees["shared"] and knees["disjoint"]
        if both:
            ratio = knees["shared"]["knee"] / knees["disjoint"]["knee"]
            summary["l2_shared_to_disjoint_knee_ratio"] = ratio
        beyond = (nominal and both
                  and min(knees["shared"]["knee"], knees["disjoint"]["knee"]) > 1.1 * nominal)
        if beyond:
            # Both knees past the nominal size (the first real runs: 82-97 MB
            # for 50-60 MiB): the sweep does not resolve the capacity that
            # data shared between the L2 halves leaves, and the ncu
            # validation of the 3D 25-point stencil's layer conditions on the
            # same H100 shows about half the nominal size for flat blocks
            # (docs/accuracy.md). So the base table's value is kept, scaled
            # when l2_bytes itself was measured anew.
            summary["warnings"].append(
                "wp_l2: both knees lie beyond 1.1 x l2_bytes; l2_effective_bytes not measured")
            base_nominal = base.get("l2_bytes", {}).get("value")
            base_eff = base.get("l2_effective_bytes", {}).get("value")
            if base_nominal and base_eff and base_nominal != nominal:
                eff = int(round(base_eff * nominal / base_nominal))
                table["l2_effective_bytes"] = {
                    "value": eff,
                    "source": ("inference: the base table's l2_effective_bytes / l2_bytes "
                               f"({base_eff} / {base_nominal}) times the measured l2_bytes"),
                    "note": "split L2: data read from both halves is held in both"}
        elif both and nominal:
            eff = int(nominal * min(1.0, ratio))
            set_scalar("l2_effective_bytes", eff, "wp_l2 shared/disjoint knees", p,
                       note=(f"l2_bytes x min(1, shared knee / disjoint knee) = min(1, "
                             f"{knees['shared']['knee'] / 1e6:.1f} MB / "
                             f"{knees['disjoint']['knee'] / 1e6:.1f} MB)"))
        elif knees["shared"]:
            eff = int(knees["shared"]["knee"])
            if nominal and eff > nominal:
                summary["warnings"].append(
                    f"measured shared-data L2 knee {eff} exceeds the nominal l2_bytes {nominal}; capped")
                eff = int(nominal)
            set_scalar("l2_effective_bytes", eff, "wp_l2 shared knee", p,
                       note="footprint where half the reads of data shared by all SMs hit L2")
        else:
            summary["warnings"].append("wp_l2: no knee in the shared-data sweep; l2_effective_bytes kept")
        disjoint = summary["l2_disjoint"]
        if disjoint["plateau"]:
            set_scalar("l2_bandwidth", disjoint["plateau"], "wp_l2 disjoint plateau", p,
                       note="ld.global.cg reads, data disjoint between blocks, sizes below half the knee")
        else:
            summary["warnings"].append("wp_l2: no disjoint plateau; l2_bandwidth kept")

    if "l1" in parts:
        p = parts["l1"]
        bw = measurements(p.records, "bandwidth")
        if bw:
            measured = bw[0]["bytes_per_cycle"]
            width = round_to_path_width(measured)
            summary["l1_bandwidth_bytes_per_cycle"] = measured
            if width in (32.0, 64.0, 128.0):
                set_scalar("l1_bytes_per_cycle", width, "wp_l1 bandwidth", p,
                           note=f"measured {measured:.1f} B/cycle on one SM, 16-byte loads")
            else:
                # The table field is a path width; a value between widths (78 B/cycle
                # on the first H100 and H200 runs) is a measurement problem, not a width.
                summary["warnings"].append(
                    f"wp_l1 bandwidth {measured:.1f} B/cycle is not within 15% of a 32/64/128 B "
                    f"path; l1_bytes_per_cycle kept")
        lines = sorted((r["lines"], r["cycles_per_instruction"])
                       for r in measurements(p.records, "lines", line_spacing=1))
        # One warp load needs at least one L1 cycle (one tag lookup and one
        # 128 B data wavefront per cycle, SPEC 5.1). Fewer cycles per load mean
        # the program did not time what it counted (e.g. the compiler removed
        # repeated loads), and such a curve would tell the model that a load
        # is cheaper than one wavefront: it is not written.
        fastest = min((y for _, y in lines), default=None)
        if lines and fastest < 0.9:
            summary["warnings"].append(
                f"wp_l1 lines: {fastest:.3f} cycles per warp load is below one "
                f"L1 cycle; l1_tag_wavefronts kept")
        elif lines:
            table["l1_tag_wavefronts"] = {
                "x": [x for x, _ in lines], "y": [round(y, 3) for _, y in lines],
                "source": p.source("wp_l1 lines"),
                "note": "cycles per 4-byte warp load, 32 distinct banks, adjacent lines"}
        cap = measurements(p.records, "capacity")
        if cap:
            knee = find_knee([r["buffer_bytes"] for r in cap], [r["bytes_per_cycle"] for r in cap],
                             tail_points=2, min_ratio=1.2)
            summary["l1_capacity_knee_bytes"] = knee["knee"] if knee else None
        summary["l1_rules"] = l1_rule_check(p.records)

    if "atomics" in parts:
        p = parts["atomics"]
        grid, notes = atomic_grid(p.records, atomic_mode)
        atomics = {"provisional": False,
                   "source": p.source(f"wp_shatomic T(n,e,c) {atomic_mode}"),
                   "note": ("Measured as paper 001 3.2: n warp-instructions issued together on one "
                            "SM (two blocks beyond 32 warps), e active lanes on one shared word "
                            "per block, T = median(cycles) - median(no-atomic baseline). "
                            + " ".join(notes)).strip()}
        atomics.update(grid)
        cc_major = int(str(dev.get("compute_capability", "0.0")).split(".")[0])
        if cc_major < 8:
            del atomics["t_unused"]  # no POPC.INC before sm_80: the model uses t_rmw
        summary["atomic_mix_linearity"] = mix_linearity(p.records, atomic_mode)
        # n warp-instructions on one word take at least n cycles of the
        # shared-memory pipe (one a cycle). A grid with T(n,e,c) < n is a
        # latency hidden under the baseline, not a throughput: the first runs
        # gave T(32,1,0) = 6 cycles, and with it a histogram's atomic unit 9 %
        # busy where paper 001 measured 76 %. Such a grid is reported, not
        # written (the base table's T stays).
        short = [(n, e) for i, n in enumerate(atomics["n"]) for j, e in enumerate(atomics["e"])
                 if n >= 2 and min(atomics[k][i][j] for k in ("t_rmw", "t_cas") if k in atomics) < n]
        if short:
            summary["warnings"].append(
                f"wp_shatomic: {len(short)} of {len(atomics['n']) * len(atomics['e'])} (n, e) cells "
                f"take fewer cycles than warp-instructions (e.g. n={short[0][0]}, e={short[0][1]}); "
                "atomics kept from the base table")
            summary["atomics_measured"] = atomics
        else:
            table["atomics"] = atomics

    if "throughput" in parts:
        p = parts["throughput"]
        fields = {"fp32_fma": "fp32_per_cycle", "fp64_fma": "fp64_per_cycle",
                  "int_add": "int_add_per_cycle", "int_mad": "int_mad_per_cycle",
                  "sfu_rsqrt": "sfu_per_cycle", "shared_load": "ldst_per_cycle"}
        for test, key in fields.items():
            recs = measurements(p.records, test)
            if not recs:
                continue
            value = round(recs[0]["median_per_sm_per_cycle"], 2)
            published = table.get(key, {}).get("value")
            # More operations per cycle than the SM has lanes cannot be a lane
            # count: the compiler fused or dropped operations (the first runs:
            # 190 add.u32 per cycle on 64 integer lanes, IADD3/IMAD.IADD), or
            # the timing missed part of the work. 5% allows for rounding of
            # the published figure; such a value is reported, not written.
            if published and value > 1.05 * published:
                summary["warnings"].append(
                    f"wp_throughput {test}: {value} per SM per cycle exceeds the base table's "
                    f"{published}; {key} kept")
                continue
            set_scalar(key, value, f"wp_throughput {test}", p,
                       note="thread-level operations per SM per cycle")
        summary["throughput"] = {r["test"]: r["median_per_sm_per_cycle"]
                                 for r in measurements(p.records)}

    runs = {name: {"date": part.date, "driver": part.driver, "raw_file": part.origin,
                   "clock_mhz_observed": part.clock(),
                   "clocks_during_run": part.meta.get("clocks")}
            for name, part in sorted(parts.items())}
    table["measurement"] = {
        "device": dev.get("name"), "compute_capability": dev.get("compute_capability"),
        "cuda_runtime": dev.get("runtime_cuda_version"),
        "cuda_driver_api": dev.get("driver_cuda_version"),
        "pci_bus_id": any_part.meta.get("pci_bus_id"), "serial": any_part.meta.get("serial"),
        "parts": runs}
    base_id = base.get("id", "?")
    table["provenance_default"] = (
        f"warpest-microbench run {any_part.run_text()}; values without a measured: source "
        f"are those of table {base_id}")[:SOURCE_LIMIT]
    return table, summary


def finite_json(value):
    """Raise if a table would contain NaN or infinity (not JSON)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise ConversionError("a derived value is not finite")
    if isinstance(value, dict):
        for v in value.values():
            finite_json(v)
    elif isinstance(value, list):
        for v in value:
            finite_json(v)
    return value
