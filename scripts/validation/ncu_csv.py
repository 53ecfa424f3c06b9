"""Parsing of `ncu --csv` output.

Two layouts exist:
* long (the default of `ncu --csv --metrics ...`): one row per metric, with
  the columns "ID","Process ID","Process Name","Host Name","Kernel Name",
  "Context","Stream","Block Size","Grid Size","Device","CC","Section Name",
  "Metric Name","Metric Unit","Metric Value" (newer versions append rule
  columns, older ones lack some of the identity columns);
* wide (`--page raw`): one row per kernel launch, one column per metric, and
  a second row that holds the units.
Lines that are not CSV (==PROF== progress, ==WARNING==, the program's own
output) may precede or follow the table and are skipped.

Values carry thousands separators ("4,194,304") and, unless ncu ran with
`--print-units base`, scaled units ("Kbyte", "usecond", "ms"). Everything is
converted to base units: bytes, seconds, plain counts, percent.
"""

import csv
import io
import re

# Unit -> factor to the base unit. ncu scales with SI prefixes (1 Kbyte =
# 1000 byte); the binary spellings are accepted in case a version uses them.
_TIME = {
    "nsecond": 1e-9, "ns": 1e-9, "usecond": 1e-6, "us": 1e-6, "msecond": 1e-3,
    "ms": 1e-3, "second": 1.0, "s": 1.0, "sec": 1.0,
}
_SI = {"": 1.0, "K": 1e3, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15}
_BINARY = {"Ki": 1024.0, "Mi": 1024.0 ** 2, "Gi": 1024.0 ** 3, "Ti": 1024.0 ** 4}
# Count-like units ncu prints; a K/M/G prefix scales them as well.
_COUNT_STEMS = ("byte", "sector", "request", "wavefront", "inst", "warp",
                "cycle", "thread", "block", "register", "transaction", "hit",
                "miss", "B")
_PERCENT = ("%", "pct", "percent")


class NcuParseError(ValueError):
    pass


def unit_factor(unit):
    """Factor that converts a value in `unit` to the base unit (1 if unknown
    prefix-free units like "sector" or an empty unit)."""
    u = (unit or "").strip()
    if u in _TIME:
        return _TIME[u]
    if u in _PERCENT or u == "":
        return 1.0
    # bytes per second and friends: scale the numerator only
    num = u.split("/")[0]
    rest = u[len(num):]
    for stem in _COUNT_STEMS:
        if num.endswith(stem):
            prefix = num[: -len(stem)]
            if prefix in _SI:
                factor = _SI[prefix]
            elif prefix in _BINARY:
                factor = _BINARY[prefix]
            else:
                continue
            if rest in ("/second", "/s", ""):
                return factor
            if rest in ("/nsecond", "/ns"):
                return factor * 1e9
            if rest in ("/usecond", "/us"):
                return factor * 1e6
            if rest in ("/msecond", "/ms"):
                return factor * 1e3
            return factor
    if u in ("hz", "Hz"):
        return 1.0
    for prefix, f in (("K", 1e3), ("M", 1e6), ("G", 1e9)):
        if u in (prefix + "hz", prefix + "Hz"):
            return f
    return 1.0


def parse_number(text):
    """ncu value text -> float, or None for "n/a", "" and the like.
    Thousands separators are commas; the decimal point is '.'."""
    t = (text or "").strip().strip('"')
    if t == "" or t.lower() in ("n/a", "na", "nan", "-"):
        return None
    t = t.replace(",", "").replace("\u202f", "").replace(" ", "")
    try:
        return float(t)
    except ValueError:
        return None


def parse_dim3(text):
    """"(32, 4, 2)" -> (32, 4, 2); None when absent or malformed."""
    nums = re.findall(r"-?\d+", text or "")
    if len(nums) != 3:
        return None
    return tuple(int(n) for n in nums)


class KernelResult:
    """The metrics of one profiled kernel launch (one ncu "ID")."""

    def __init__(self, launch_id, kernel, block, grid, device="", cc=""):
        self.launch_id = launch_id
        self.kernel = kernel
        self.block = block
        self.grid = grid
        self.device = device
        self.cc = cc
        self.values = {}     # metric name -> value in base units (None: n/a)
        self.raw_units = {}  # metric name -> unit as printed

    def get(self, metric):
        return self.values.get(metric)

    def __repr__(self):
        return "KernelResult(%s, %s, block=%s, grid=%s, %d metrics)" % (
            self.launch_id, self.kernel, self.block, self.grid, len(self.values))


def _csv_rows(text):
    """CSV records of the table part: from the first line that looks like a
    quoted ncu header to the end, skipping non-CSV lines in between."""
    lines = text.splitlines()
    start = None
    for i, line in enumerate(lines):
        if line.startswith('"ID"') or line.startswith('"Kernel Name"') or \
                line.startswith('"Process ID"'):
            start = i
            break
    if start is None:
        raise NcuParseError("no ncu CSV header (a line starting with \"ID\") found")
    table = [l for l in lines[start:] if l.startswith('"')]
    return list(csv.reader(io.StringIO("\n".join(table))))


def _kernel_name(name):
    """Demangled "stencil3d25(const double *, double *, int, int, int)" ->
    "stencil3d25"; also strips template arguments and return types."""
    n = name.strip()
    depth = 0
    for i, ch in enumerate(n):
        if ch == "(" and depth == 0:
            n = n[:i]
            break
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
    n = re.sub(r"<.*>$", "", n)
    return n.split()[-1].split("::")[-1] if n.split() else n


def parse_text(text):
    """Parse ncu CSV text into a list of KernelResult, in launch order."""
    rows = _csv_rows(text)
    header = rows[0]
    col = {name: i for i, name in enumerate(header)}
    results = {}
    order = []

    def cell(row, name, default=""):
        i = col.get(name)
        return row[i] if i is not None and i < len(row) else default

    def result_for(row):
        launch_id = cell(row, "ID", str(len(order)))
        key = (launch_id, cell(row, "Process ID"))
        if key not in results:
            full = cell(row, "Kernel Name")
            r = KernelResult(launch_id, _kernel_name(full), parse_dim3(cell(row, "Block Size")),
                             parse_dim3(cell(row, "Grid Size")), cell(row, "Device"), cell(row, "CC"))
            r.full_name = full
            results[key] = r
            order.append(key)
        return results[key]

    if "Metric Name" in col and "Metric Value" in col:
        for row in rows[1:]:
            if len(row) < len(header) - 5 or not cell(row, "Metric Name"):
                continue
            r = result_for(row)
            name = cell(row, "Metric Name")
            unit = cell(row, "Metric Unit")
            value = parse_number(cell(row, "Metric Value"))
            r.values[name] = None if value is None else value * unit_factor(unit)
            r.raw_units[name] = unit
    else:
        # wide layout: identity columns, then one column per metric; the row
        # after the header has the units and an empty identity part.
        ident = {"ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Kernel Time",
                 "Context", "Stream", "Block Size", "Grid Size", "Device", "CC"}
        metric_cols = [(i, h) for i, h in enumerate(header) if h not in ident]
        units = {}
        body = rows[1:]
        if body and all(c == "" for c in body[0][: len(ident & set(col))]) and cell(body[0], "ID", "") == "":
            units = {h: body[0][i] for i, h in metric_cols if i < len(body[0])}
            body = body[1:]
        for row in body:
            if not any(row):
                continue
            r = result_for(row)
            for i, name in metric_cols:
                if i >= len(row):
                    continue
                value = parse_number(row[i])
                unit = units.get(name, "")
                r.values[name] = None if value is None else value * unit_factor(unit)
                r.raw_units[name] = unit
    return [results[k] for k in order]


def parse_file(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return parse_text(f.read())


def select(results, kernel_regex=None):
    """The launches whose (short) kernel name matches `kernel_regex`."""
    if not kernel_regex:
        return list(results)
    rx = re.compile(kernel_regex)
    return [r for r in results if rx.search(r.kernel)]


def median_over_launches(results, metric):
    """Median of a metric over repeated launches of the same configuration
    (None if no launch has it)."""
    vals = sorted(v for v in (r.get(metric) for r in results) if v is not None)
    if not vals:
        return None
    n = len(vals)
    return vals[n // 2] if n % 2 else 0.5 * (vals[n // 2 - 1] + vals[n // 2])
