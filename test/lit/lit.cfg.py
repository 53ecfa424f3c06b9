# lit configuration of the warpest pass tests.
import os
import lit.formats

config.name = "warpest-pass"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".cu", ".test"]
config.excludes = ["Inputs", "tools", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.warpest_lit_obj, "out")

llvm_bin = os.path.dirname(config.filecheck)
config.environment["PATH"] = os.pathsep.join([llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["WARPEST_TABLES"] = config.tables
config.environment["WARPEST_CORE_LIB"] = config.core
# the always-on estimate's 45 ms of before (docs/pass.md, compile-share=): the counts checked
# here must not come from a block sample that a loaded CI machine forced
config.environment["WARPEST_ESTIMATE_FLOOR_MS"] = "100"
for var in ("WARPEST_CONFIG",):
    config.environment.pop(var, None)

cuda = ("--cuda-path=%s --cuda-gpu-arch=sm_90 -I%s/examples/include"
        % (config.cuda_path, config.warpest_source_dir))
config.substitutions.append(("%opt-warpest", "%s -load-pass-plugin=%s" % (config.opt, config.plugin)))
config.substitutions.append(("%clang-dev",
    "%s -O2 --cuda-device-only -S -emit-llvm -gline-tables-only -fno-discard-value-names -Wno-unknown-cuda-version %s"
    % (config.clang, cuda)))
config.substitutions.append(("%clang-plugin",
    "%s -O2 -fpass-plugin=%s -Wno-unknown-cuda-version --cuda-path=%s -I%s/examples/include"
    % (config.clang, config.plugin, config.cuda_path, config.warpest_source_dir)))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%cuda_path", config.cuda_path))
config.substitutions.append(("%plugin", config.plugin))
config.substitutions.append(("%core", config.core))
config.substitutions.append(("%warpest-cli", config.cli))
config.substitutions.append(("%extract-driver", config.driver))
config.substitutions.append(("%isl_version", config.isl_version))
config.substitutions.append(("%examples", os.path.join(config.warpest_source_dir, "examples")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%python", config.python))

if os.path.exists(config.core):
    config.available_features.add("warpest-core")
if os.path.exists(config.cli):
    config.available_features.add("warpest-cli")
