// kt_time: times the configurations that kt_prepare.py prepared, the way
// Kernel Tuner timed them (../shared/validation/README.md): per configuration
// one module, launches one after another, each between a pair of CUDA events
// and synchronised, 32 timed launches, median and minimum in milliseconds, no
// L2 flush. One untimed warm-up launch comes first (Kernel Tuner had none
// unless the set verifies its output).
//
//   kt_time DIR OUTDIR [--deadline-s S] [--resume] [--dry-run] [--device N] [--label L]
//
// Reads DIR/manifest.txt (kt_prepare.py's line format). Writes
//   OUTDIR/<label>.csv   the tune-parameter columns, median_ms,min_ms,n_launches,n_files
//   OUTDIR/failed.csv    gpu,<columns>,reason,n_failed_files,n_valid_files
//   OUTDIR/times.csv     every launch time and the function's resources
//   OUTDIR/meta.txt      device, driver, clocks
// appending and flushing after every configuration. --resume skips the
// configurations already in the csv files.
//
// Exit status: 0 all done, 2 usage or manifest error, 3 the context was lost
// (a sticky launch error; rerun with --resume), 4 stopped at the deadline,
// 5 no usable device.
//
// Build: nvcc -O2 -o kt_time kt_time.cu -lcuda

#include <cuda.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

const int kTimed = 32;
const int kWarmup = 1;

struct Fill {
    std::string kind;  // zero, pattern, file
    double base = 0, scale = 1;
    std::string path;
};

struct Buffer {
    std::string type;  // u8, f32, i32
    size_t count = 0;
    Fill fill;
};

struct Arg {
    std::string kind;  // buffer, f32, i32
    int buffer = -1;
    float f = 0;
    int i = 0;
};

struct Cmem {
    std::string symbol, type;
    size_t count = 0;
    Fill fill;
};

struct Config {
    std::string id, cubin, function, values;
    unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
    unsigned shmem = 0;
};

struct Failed {
    std::string id, values, reason;
};

struct Manifest {
    std::string set, label = "GPU", columns;
    std::vector<Buffer> buffers;
    std::vector<Arg> args;
    std::vector<Cmem> cmem;
    std::vector<Config> configs;
    std::vector<Failed> failed;
    bool ended = false;
};

[[noreturn]] void die(int code, const std::string &msg) {
    fprintf(stderr, "kt_time: %s\n", msg.c_str());
    exit(code);
}

std::vector<std::string> split_ws(const std::string &line) {
    std::vector<std::string> out;
    std::istringstream is(line);
    std::string t;
    while (is >> t) out.push_back(t);
    return out;
}

size_t elem_size(const std::string &type) {
    if (type == "u8") return 1;
    if (type == "f32" || type == "i32") return 4;
    return 0;
}

unsigned long long to_ull(const std::string &s, const std::string &what) {
    char *end = nullptr;
    errno = 0;
    unsigned long long v = strtoull(s.c_str(), &end, 10);
    if (s.empty() || *end || errno || s[0] == '-') die(2, "manifest: bad number '" + s + "' for " + what);
    return v;
}

double to_d(const std::string &s, const std::string &what) {
    char *end = nullptr;
    double v = strtod(s.c_str(), &end);
    if (s.empty() || *end) die(2, "manifest: bad number '" + s + "' for " + what);
    return v;
}

Fill parse_fill(const std::vector<std::string> &t, size_t at, const std::string &where) {
    Fill f;
    if (t.size() <= at) die(2, "manifest: no fill in " + where);
    f.kind = t[at];
    if (f.kind == "zero") {
        if (t.size() != at + 1) die(2, "manifest: extra fields in " + where);
    } else if (f.kind == "pattern") {
        if (t.size() != at + 3) die(2, "manifest: pattern needs BASE SCALE in " + where);
        f.base = to_d(t[at + 1], where);
        f.scale = to_d(t[at + 2], where);
    } else if (f.kind == "file") {
        if (t.size() != at + 2) die(2, "manifest: file needs PATH in " + where);
        f.path = t[at + 1];
    } else {
        die(2, "manifest: unknown fill '" + f.kind + "' in " + where);
    }
    return f;
}

Manifest read_manifest(const std::string &path) {
    std::ifstream in(path);
    if (!in) die(2, "cannot open " + path);
    Manifest m;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        std::string where = path + ":" + std::to_string(n);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::vector<std::string> t = split_ws(line);
        if (t.empty() || t[0][0] == '#') continue;
        if (m.ended) die(2, "manifest: text after 'end' at " + where);
        const std::string &k = t[0];
        if (k == "set" && t.size() == 2) {
            m.set = t[1];
        } else if (k == "label" && t.size() == 2) {
            m.label = t[1];
        } else if (k == "columns" && t.size() == 2) {
            m.columns = t[1];
        } else if (k == "buffer" && t.size() >= 5) {
            if (to_ull(t[1], where) != m.buffers.size()) die(2, "manifest: buffers out of order at " + where);
            Buffer b;
            b.type = t[2];
            if (!elem_size(b.type)) die(2, "manifest: unknown type '" + b.type + "' at " + where);
            b.count = to_ull(t[3], where);
            if (b.count == 0) die(2, "manifest: empty buffer at " + where);
            b.fill = parse_fill(t, 4, where);
            m.buffers.push_back(b);
        } else if (k == "arg" && t.size() == 3) {
            Arg a;
            a.kind = t[1];
            if (a.kind == "buffer") {
                a.buffer = (int)to_ull(t[2], where);
                if (a.buffer >= (int)m.buffers.size()) die(2, "manifest: arg names a later buffer at " + where);
            } else if (a.kind == "f32") {
                a.f = (float)to_d(t[2], where);
            } else if (a.kind == "i32") {
                a.i = (int)strtol(t[2].c_str(), nullptr, 10);
            } else {
                die(2, "manifest: unknown arg kind at " + where);
            }
            m.args.push_back(a);
        } else if (k == "cmem" && t.size() >= 5) {
            Cmem c;
            c.symbol = t[1];
            c.type = t[2];
            if (!elem_size(c.type)) die(2, "manifest: unknown type at " + where);
            c.count = to_ull(t[3], where);
            c.fill = parse_fill(t, 4, where);
            m.cmem.push_back(c);
        } else if (k == "config" && t.size() == 12) {
            Config c;
            c.id = t[1];
            c.cubin = t[2];
            c.function = t[3];
            for (int d = 0; d < 3; ++d) c.grid[d] = (unsigned)to_ull(t[4 + d], where);
            for (int d = 0; d < 3; ++d) c.block[d] = (unsigned)to_ull(t[7 + d], where);
            c.shmem = (unsigned)to_ull(t[10], where);
            c.values = t[11];
            for (int d = 0; d < 3; ++d)
                if (!c.grid[d] || !c.block[d]) die(2, "manifest: zero grid or block at " + where);
            m.configs.push_back(c);
        } else if (k == "failed" && t.size() == 4) {
            m.failed.push_back({t[1], t[2], t[3]});
        } else if (k == "end" && t.size() == 1) {
            m.ended = true;
        } else {
            die(2, "manifest: cannot read line " + where + ": " + line);
        }
    }
    if (!m.ended) die(2, "manifest: no 'end' line in " + path + " (truncated?)");
    if (m.set.empty() || m.columns.empty()) die(2, "manifest: no set or columns line");
    size_t ncol = std::count(m.columns.begin(), m.columns.end(), ',') + 1;
    for (const Config &c : m.configs)
        if ((size_t)std::count(c.values.begin(), c.values.end(), ',') + 1 != ncol)
            die(2, "manifest: config " + c.id + " has a different number of values than columns");
    return m;
}

// Deterministic data: a 32-bit integer hash of the element index.
inline uint32_t mix(uint64_t i) {
    uint32_t x = (uint32_t)(i ^ (i >> 32));
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

// Host bytes of a buffer or constant-memory fill; empty for "zero".
std::vector<unsigned char> host_data(const std::string &dir, const std::string &type, size_t count,
                                     const Fill &f) {
    size_t es = elem_size(type);
    std::vector<unsigned char> out;
    if (f.kind == "zero") return out;
    out.resize(count * es);
    if (f.kind == "file") {
        std::string p = dir + "/" + f.path;
        FILE *fh = fopen(p.c_str(), "rb");
        if (!fh) die(2, "cannot open " + p);
        size_t got = fread(out.data(), 1, out.size(), fh);
        int extra = fgetc(fh);
        fclose(fh);
        if (got != out.size() || extra != EOF)
            die(2, p + ": size differs from " + std::to_string(out.size()) + " bytes");
        return out;
    }
    for (size_t i = 0; i < count; ++i) {
        uint32_t h = mix(i);
        if (type == "u8") {
            out[i] = (unsigned char)(1 + h % 200);
        } else if (type == "f32") {
            float v = (float)(f.base + f.scale * ((h >> 8) / 16777216.0));
            if (v == 0.0f) v = f.scale != 0 ? (float)(f.scale * 0.5) : 1.0f;  // non-zero data
            memcpy(&out[i * 4], &v, 4);
        } else {
            int32_t v = (int32_t)(1 + h % 1000);
            memcpy(&out[i * 4], &v, 4);
        }
    }
    return out;
}

std::string err_name(CUresult r) {
    const char *s = nullptr;
    if (cuGetErrorName(r, &s) != CUDA_SUCCESS || !s) return "CUDA_ERROR_" + std::to_string((int)r);
    return s;
}

// Errors after which the context is unusable.
bool sticky(CUresult r) {
    switch (r) {
        case CUDA_ERROR_ILLEGAL_ADDRESS:
        case CUDA_ERROR_LAUNCH_FAILED:
        case CUDA_ERROR_MISALIGNED_ADDRESS:
        case CUDA_ERROR_INVALID_ADDRESS_SPACE:
        case CUDA_ERROR_INVALID_PC:
        case CUDA_ERROR_ILLEGAL_INSTRUCTION:
        case CUDA_ERROR_HARDWARE_STACK_ERROR:
        case CUDA_ERROR_ASSERT:
        case CUDA_ERROR_LAUNCH_TIMEOUT:
        case CUDA_ERROR_ECC_UNCORRECTABLE:
        case CUDA_ERROR_CONTEXT_IS_DESTROYED:
        case CUDA_ERROR_DEINITIALIZED:
        case CUDA_ERROR_NOT_INITIALIZED:
        case CUDA_ERROR_INVALID_CONTEXT:
            return true;
        default:
            return false;
    }
}

void must(CUresult r, const std::string &what) {
    if (r != CUDA_SUCCESS) die(5, what + ": " + err_name(r));
}

bool file_has_content(const std::string &p) {
    FILE *f = fopen(p.c_str(), "rb");
    if (!f) return false;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n > 0;
}

// Parameter values (the first ncol fields) of the rows of a csv written before.
void read_done(const std::string &p, size_t skip, size_t ncol, std::set<std::string> &done) {
    std::ifstream in(p);
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (header) { header = false; continue; }
        std::vector<std::string> f;
        std::string cur;
        for (char ch : line) {
            if (ch == ',') { f.push_back(cur); cur.clear(); } else if (ch != '\r') cur += ch;
        }
        f.push_back(cur);
        if (f.size() < skip + ncol) continue;  // a row cut short by a kill
        std::string key;
        for (size_t i = skip; i < skip + ncol; ++i) key += (i > skip ? "," : "") + f[i];
        done.insert(key);
    }
}

FILE *open_append(const std::string &p, const std::string &header) {
    bool fresh = !file_has_content(p);
    FILE *f = fopen(p.c_str(), "a");
    if (!f) die(2, "cannot write " + p);
    if (fresh) {
        fprintf(f, "%s\n", header.c_str());
        fflush(f);
    }
    return f;
}

double now_s() {
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

void device_meta(FILE *meta, CUdevice dev) {
    char name[256] = {0};
    cuDeviceGetName(name, sizeof name, dev);
    int drv = 0;
    cuDriverGetVersion(&drv);
    fprintf(meta, "device_name=%s\n", name);
    fprintf(meta, "driver_version=%d.%d\n", drv / 1000, (drv % 1000) / 10);
    fprintf(meta, "cuda_header_version=%d.%d\n", CUDA_VERSION / 1000, (CUDA_VERSION % 1000) / 10);
    size_t mem = 0;
    if (cuDeviceTotalMem(&mem, dev) == CUDA_SUCCESS) fprintf(meta, "total_mem_bytes=%zu\n", mem);
    struct { const char *n; CUdevice_attribute a; } attrs[] = {
        {"compute_capability_major", CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR},
        {"compute_capability_minor", CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR},
        {"multiprocessor_count", CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT},
        {"clock_rate_khz", CU_DEVICE_ATTRIBUTE_CLOCK_RATE},
        {"memory_clock_rate_khz", CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE},
        {"global_memory_bus_width_bits", CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH},
        {"l2_cache_bytes", CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE},
        {"max_shared_memory_per_multiprocessor", CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR},
        {"max_shared_memory_per_block_optin", CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN},
        {"max_registers_per_multiprocessor", CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR},
        {"max_threads_per_multiprocessor", CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR},
        {"ecc_enabled", CU_DEVICE_ATTRIBUTE_ECC_ENABLED},
        {"pci_bus_id", CU_DEVICE_ATTRIBUTE_PCI_BUS_ID},
    };
    for (auto &a : attrs) {
        int v = 0;
        CUresult r = cuDeviceGetAttribute(&v, a.a, dev);
        if (r == CUDA_SUCCESS) fprintf(meta, "%s=%d\n", a.n, v);
        else fprintf(meta, "%s=unavailable(%s)\n", a.n, err_name(r).c_str());
    }
    fflush(meta);
}

void usage() {
    fprintf(stderr,
            "usage: kt_time DIR OUTDIR [--deadline-s S] [--resume] [--dry-run] [--device N] [--label L]\n"
            "  DIR holds manifest.txt and the cubins (kt_prepare.py); OUTDIR gets <label>.csv,\n"
            "  failed.csv, times.csv, meta.txt\n");
}

}  // namespace

int main(int argc, char **argv) {
    const double t_start = now_s();
    std::string dir, outdir;
    double deadline = 1e30;
    bool resume = false, dry = false;
    int devno = 0;
    std::string label;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--deadline-s" && i + 1 < argc) deadline = atof(argv[++i]);
        else if (a == "--resume") resume = true;
        else if (a == "--dry-run") dry = true;
        else if (a == "--device" && i + 1 < argc) devno = atoi(argv[++i]);
        else if (a == "--label" && i + 1 < argc) label = argv[++i];
        else if (a == "--help" || a == "-h") { usage(); return 0; }
        else if (a == "--version") { printf("kt_time 1 (CUDA headers %d)\n", CUDA_VERSION); return 0; }
        else if (!a.empty() && a[0] == '-') { usage(); return 2; }
        else if (dir.empty()) dir = a;
        else if (outdir.empty()) outdir = a;
        else { usage(); return 2; }
    }
    if (dir.empty() || (outdir.empty() && !dry)) { usage(); return 2; }

    Manifest m = read_manifest(dir + "/manifest.txt");
    if (!label.empty()) m.label = label;
    size_t ncol = std::count(m.columns.begin(), m.columns.end(), ',') + 1;

    std::set<std::string> done;
    std::string csv_path, failed_path, times_path;
    if (!outdir.empty()) {
        csv_path = outdir + "/" + m.label + ".csv";
        failed_path = outdir + "/failed.csv";
        times_path = outdir + "/times.csv";
        if (resume) {
            read_done(csv_path, 0, ncol, done);
            read_done(failed_path, 1, ncol, done);
        }
    }

    // host data of buffers and constant memory, and the files the cubins are in
    std::vector<std::vector<unsigned char>> bufdata, cmemdata;
    size_t total_bytes = 0;
    for (const Buffer &b : m.buffers) {
        bufdata.push_back(host_data(dir, b.type, b.count, b.fill));
        total_bytes += b.count * elem_size(b.type);
    }
    for (const Cmem &c : m.cmem) {
        if (c.fill.kind == "zero") die(2, "manifest: constant memory " + c.symbol + " filled with zero");
        cmemdata.push_back(host_data(dir, c.type, c.count, c.fill));
    }
    size_t missing = 0, todo = 0;
    for (const Config &c : m.configs) {
        if (done.count(c.values)) continue;
        ++todo;
        if (!file_has_content(dir + "/" + c.cubin)) {
            ++missing;
            fprintf(stderr, "kt_time: missing %s/%s\n", dir.c_str(), c.cubin.c_str());
        }
    }
    printf("set %s (%s): %zu buffers (%.1f MB), %zu arguments, %zu constant symbols, %zu configurations "
           "(%zu to do, %zu done before, %zu cubins missing), %zu failed to compile\n",
           m.set.c_str(), m.label.c_str(), m.buffers.size(), total_bytes / 1e6, m.args.size(), m.cmem.size(),
           m.configs.size(), todo, m.configs.size() - todo, missing, m.failed.size());
    if (dry) {
        for (size_t i = 0; i < m.buffers.size(); ++i) {
            const Buffer &b = m.buffers[i];
            const std::vector<unsigned char> &d = bufdata[i];
            printf("  buffer %zu %s[%zu] %s", i, b.type.c_str(), b.count, b.fill.kind.c_str());
            if (!d.empty() && b.type == "f32") {
                float v0, v1;
                memcpy(&v0, &d[0], 4);
                memcpy(&v1, &d[(b.count - 1) * 4], 4);
                printf(" first %g last %g", v0, v1);
            } else if (!d.empty() && b.type == "u8") {
                printf(" first %d last %d", d[0], d[b.count - 1]);
            }
            printf("\n");
        }
        for (const Arg &a : m.args) {
            if (a.kind == "buffer") printf("  arg buffer %d\n", a.buffer);
            else if (a.kind == "f32") printf("  arg f32 %.9g\n", a.f);
            else printf("  arg i32 %d\n", a.i);
        }
        for (const Cmem &c : m.cmem) printf("  cmem %s %s[%zu]\n", c.symbol.c_str(), c.type.c_str(), c.count);
        for (const Config &c : m.configs)
            printf("  config %s %s grid %u %u %u block %u %u %u shmem %u values %s%s\n", c.id.c_str(),
                   c.function.c_str(), c.grid[0], c.grid[1], c.grid[2], c.block[0], c.block[1], c.block[2],
                   c.shmem, c.values.c_str(), done.count(c.values) ? " (done)" : "");
        return missing ? 2 : 0;
    }

    // ---- the device ----
    must(cuInit(0), "cuInit");
    CUdevice dev;
    must(cuDeviceGet(&dev, devno), "cuDeviceGet");
    CUcontext ctx;
    must(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
    must(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");

    FILE *meta = fopen((outdir + "/meta.txt").c_str(), "a");
    if (!meta) die(2, "cannot write " + outdir + "/meta.txt");
    fprintf(meta, "run_start set=%s label=%s resume=%d deadline_s=%g configs=%zu todo=%zu\n", m.set.c_str(),
            m.label.c_str(), resume ? 1 : 0, deadline, m.configs.size(), todo);
    fprintf(meta, "timing=%d warm-up launch(es), then %d launches each between cuEventRecord pairs on the "
                  "default stream, cuEventSynchronize after each; no L2 flush\n", kWarmup, kTimed);
    device_meta(meta, dev);

    std::vector<CUdeviceptr> dptr(m.buffers.size(), 0);
    for (size_t i = 0; i < m.buffers.size(); ++i) {
        size_t bytes = m.buffers[i].count * elem_size(m.buffers[i].type);
        must(cuMemAlloc(&dptr[i], bytes), "cuMemAlloc " + std::to_string(bytes) + " bytes");
        if (bufdata[i].empty()) must(cuMemsetD8(dptr[i], 0, bytes), "cuMemsetD8");
        else must(cuMemcpyHtoD(dptr[i], bufdata[i].data(), bytes), "cuMemcpyHtoD");
        std::vector<unsigned char>().swap(bufdata[i]);
    }
    must(cuCtxSynchronize(), "cuCtxSynchronize after the fills");

    // kernel parameter storage: one slot per argument
    std::vector<CUdeviceptr> pv(m.args.size());
    std::vector<float> fv(m.args.size());
    std::vector<int> iv(m.args.size());
    std::vector<void *> params(m.args.size());
    for (size_t i = 0; i < m.args.size(); ++i) {
        const Arg &a = m.args[i];
        if (a.kind == "buffer") { pv[i] = dptr[a.buffer]; params[i] = &pv[i]; }
        else if (a.kind == "f32") { fv[i] = a.f; params[i] = &fv[i]; }
        else { iv[i] = a.i; params[i] = &iv[i]; }
    }

    CUevent ev0, ev1;
    must(cuEventCreate(&ev0, CU_EVENT_DEFAULT), "cuEventCreate");
    must(cuEventCreate(&ev1, CU_EVENT_DEFAULT), "cuEventCreate");

    FILE *out = open_append(csv_path, m.columns + ",median_ms,min_ms,n_launches,n_files");
    FILE *fail = open_append(failed_path, "gpu," + m.columns + ",reason,n_failed_files,n_valid_files");
    std::string th = "id," + m.columns + ",function,registers,static_shared_bytes,local_bytes,warmup_ms";
    for (int k = 0; k < kTimed; ++k) th += ",t" + std::to_string(k + 1);
    FILE *times = open_append(times_path, th);

    // compile failures from the manifest
    for (const Failed &f : m.failed) {
        if (done.count(f.values)) continue;
        fprintf(fail, "%s,%s,%s,1,0\n", m.label.c_str(), f.values.c_str(), f.reason.c_str());
        done.insert(f.values);
    }
    fflush(fail);

    auto record_fail = [&](const Config &c, const std::string &why) {
        fprintf(fail, "%s,%s,%s,1,0\n", m.label.c_str(), c.values.c_str(), why.c_str());
        fflush(fail);
        fprintf(stderr, "kt_time: %s %s: %s\n", c.id.c_str(), c.values.c_str(), why.c_str());
    };

    int status = 0;
    size_t n_ok = 0, n_fail = 0, n_idx = 0;
    double last_cfg_s = 0;
    for (const Config &c : m.configs) {
        ++n_idx;
        if (done.count(c.values)) continue;
        double el = now_s() - t_start;
        if (el + last_cfg_s > deadline) {
            fprintf(stderr, "kt_time: deadline: stopping after %.1f s, before %s\n", el, c.id.c_str());
            status = 4;
            break;
        }
        double t_cfg = now_s();
        CUmodule mod = nullptr;
        CUresult r = cuModuleLoad(&mod, (dir + "/" + c.cubin).c_str());
        if (r != CUDA_SUCCESS) {
            record_fail(c, "RuntimeFailedConfig:cuModuleLoad:" + err_name(r));
            ++n_fail;
            if (sticky(r)) { status = 3; break; }
            continue;
        }
        CUfunction fn;
        r = cuModuleGetFunction(&fn, mod, c.function.c_str());
        if (r != CUDA_SUCCESS) {
            record_fail(c, "RuntimeFailedConfig:cuModuleGetFunction:" + err_name(r));
            ++n_fail;
            cuModuleUnload(mod);
            continue;
        }
        bool ok = true;
        for (size_t i = 0; i < m.cmem.size() && ok; ++i) {
            CUdeviceptr sym;
            size_t bytes = 0;
            r = cuModuleGetGlobal(&sym, &bytes, mod, m.cmem[i].symbol.c_str());
            if (r == CUDA_SUCCESS) {
                size_t n = std::min(bytes, cmemdata[i].size());
                r = cuMemcpyHtoD(sym, cmemdata[i].data(), n);
            }
            if (r != CUDA_SUCCESS) {
                record_fail(c, "RuntimeFailedConfig:constant_memory_" + m.cmem[i].symbol + ":" + err_name(r));
                ok = false;
            }
        }
        int regs = -1, sshared = -1, local = -1, maxthr = -1;
        cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, fn);
        cuFuncGetAttribute(&sshared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn);
        cuFuncGetAttribute(&local, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, fn);
        cuFuncGetAttribute(&maxthr, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn);
        long threads = (long)c.block[0] * c.block[1] * c.block[2];
        if (ok && maxthr > 0 && threads > maxthr) {
            record_fail(c, "RuntimeFailedConfig:too_many_resources(max_threads_per_block=" + std::to_string(maxthr) +
                               ",registers=" + std::to_string(regs) + ")");
            ok = false;
        }
        auto launch = [&]() {
            return cuLaunchKernel(fn, c.grid[0], c.grid[1], c.grid[2], c.block[0], c.block[1], c.block[2],
                                  c.shmem, nullptr, params.data(), nullptr);
        };
        float warm_ms = -1;
        std::vector<float> t;
        if (ok) {
            r = cuCtxSynchronize();
            if (r == CUDA_SUCCESS) r = cuEventRecord(ev0, nullptr);
            for (int k = 0; k < kWarmup && r == CUDA_SUCCESS; ++k) r = launch();
            if (r == CUDA_SUCCESS) r = cuEventRecord(ev1, nullptr);
            if (r == CUDA_SUCCESS) r = cuEventSynchronize(ev1);
            if (r == CUDA_SUCCESS) r = cuEventElapsedTime(&warm_ms, ev0, ev1);
            for (int k = 0; k < kTimed && r == CUDA_SUCCESS; ++k) {
                float ms = 0;
                r = cuEventRecord(ev0, nullptr);
                if (r == CUDA_SUCCESS) r = launch();
                if (r == CUDA_SUCCESS) r = cuEventRecord(ev1, nullptr);
                if (r == CUDA_SUCCESS) r = cuEventSynchronize(ev1);
                if (r == CUDA_SUCCESS) r = cuEventElapsedTime(&ms, ev0, ev1);
                if (r == CUDA_SUCCESS) t.push_back(ms);
            }
            if (r != CUDA_SUCCESS) {
                record_fail(c, "RuntimeFailedConfig:launch:" + err_name(r));
                ok = false;
                if (sticky(r)) {
                    ++n_fail;
                    status = 3;
                    fprintf(stderr, "kt_time: %s left the context unusable; rerun with --resume\n",
                            err_name(r).c_str());
                    break;
                }
            }
        }
        if (ok && (int)t.size() == kTimed) {
            std::vector<float> s = t;
            std::sort(s.begin(), s.end());
            double median = kTimed % 2 ? s[kTimed / 2] : 0.5 * ((double)s[kTimed / 2 - 1] + s[kTimed / 2]);
            fprintf(out, "%s,%.10g,%.10g,%d,1\n", c.values.c_str(), median, (double)s[0], kTimed);
            fflush(out);
            fprintf(times, "%s,%s,%s,%d,%d,%d,%.6g", c.id.c_str(), c.values.c_str(), c.function.c_str(), regs,
                    sshared, local, warm_ms);
            for (float v : t) fprintf(times, ",%.6g", v);
            fprintf(times, "\n");
            fflush(times);
            ++n_ok;
        } else {
            ++n_fail;
        }
        CUresult ru = cuModuleUnload(mod);
        if (ru != CUDA_SUCCESS && sticky(ru)) { status = 3; break; }
        last_cfg_s = now_s() - t_cfg;
        if (n_idx % 10 == 0 || n_idx == m.configs.size())
            printf("  %s: %zu/%zu configurations, %zu timed, %zu failed, %.1f s\n", m.set.c_str(), n_idx,
                   m.configs.size(), n_ok, n_fail, now_s() - t_start);
        fflush(stdout);
    }
    fprintf(meta, "run_end set=%s timed=%zu failed=%zu status=%d elapsed_s=%.1f\n", m.set.c_str(), n_ok, n_fail,
            status, now_s() - t_start);
    fclose(meta);
    fclose(out);
    fclose(fail);
    fclose(times);
    printf("set %s: %zu timed, %zu failed, status %d, %.1f s\n", m.set.c_str(), n_ok, n_fail, status,
           now_s() - t_start);
    if (status != 3) {
        cuEventDestroy(ev0);
        cuEventDestroy(ev1);
        for (CUdeviceptr p : dptr) cuMemFree(p);
        cuDevicePrimaryCtxRelease(dev);
    }
    return status;
}
