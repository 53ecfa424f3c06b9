"""llvm-stress modules through opt with the plugin.

  stress_modules.py DIR N OPT [OPT ARGS...]

Writes N llvm-stress modules (seeds 1..N) into DIR, retargeted to NVPTX (a
target triple, and the generated function given the ptx_kernel calling
convention, the way the plugin recognises kernels), then runs OPT on each as
generated and after -O2. Prints every run's stderr; exits 1 when a run
crashes, exits non-zero or takes more than 60 s."""
import os
import shutil
import subprocess
import sys

PASSES = ["warpest<gpu=h100-sxm;block=32x2x1;param=arg3:100;param=arg4:100;param=arg5:7>",
          "default<O2>,warpest<gpu=h100-sxm>"]


def main():
    out, n, opt = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    tool = shutil.which("llvm-stress-22") or shutil.which("llvm-stress") or "/usr/lib/llvm-22/bin/llvm-stress"
    failed = 0
    for seed in range(1, n + 1):
        text = subprocess.run([tool, "--seed=%d" % seed, "--size=300", "-o", "-"], check=True,
                              capture_output=True, text=True).stdout
        text = text.replace("define void @autogen", "define ptx_kernel void @autogen")
        path = os.path.join(out, "stress%03d.ll" % seed)
        with open(path, "w") as fh:
            fh.write('target triple = "nvptx64-nvidia-cuda"\n' + text)
        for passes in PASSES:
            try:
                r = subprocess.run(opt + ["-passes=" + passes, "-disable-output", path],
                                   capture_output=True, text=True, timeout=60)
                sys.stdout.write(r.stderr)
                if r.returncode != 0:
                    print("FAILED (exit %d): seed %d, %s" % (r.returncode, seed, passes))
                    failed += 1
            except subprocess.TimeoutExpired:
                print("FAILED (over 60 s): seed %d, %s" % (seed, passes))
                failed += 1
    print("stress: %d modules, %d runs, %d failed" % (n, 2 * n, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
