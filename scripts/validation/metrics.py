"""The report metrics and the Nsight Compute metrics that measure them.

The mapping is the table of docs/report-format.md ("metrics and their Nsight
Compute counterparts"), kept in one place so that the ncu command line, the
CSV columns and the statistics all use the same names.
"""

# (report key, ncu metric, base unit after parsing). Order = CSV column order.
METRICS = [
    ("l1_data_wavefronts", "l1tex__data_pipe_lsu_wavefronts.sum", "wavefronts"),
    ("l1_tag_wavefronts_global_ld", "l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum", "wavefronts"),
    ("l1_global_ld_requests", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "warp-instructions"),
    ("l1_global_ld_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "sectors"),
    ("l2_load_sectors", "lts__t_sectors_srcunit_tex_op_read.sum", "sectors"),
    ("l2_store_sectors", "lts__t_sectors_srcunit_tex_op_write.sum", "sectors"),
    ("dram_read_bytes", "dram__bytes_read.sum", "bytes"),
    ("dram_write_bytes", "dram__bytes_write.sum", "bytes"),
    ("shared_atomic_instructions", "smsp__inst_executed_op_shared_atom.sum", "warp-instructions"),
    ("time_seconds", "gpu__time_duration.sum", "seconds"),
]

REPORT_KEYS = [m[0] for m in METRICS]
NCU_OF = {key: ncu for key, ncu, _ in METRICS}
KEY_OF = {ncu: key for key, ncu, _ in METRICS}
UNIT_OF = {key: unit for key, _, unit in METRICS}

# Measured as well, with no prediction to compare: they explain deviations
# (achieved occupancy, the registers ptxas gave, shared-memory wavefronts
# that l1tex__data_pipe_lsu_wavefronts includes).
EXTRA_NCU = [
    ("occupancy_pct", "sm__warps_active.avg.pct_of_peak_sustained_active"),
    ("registers_per_thread", "launch__registers_per_thread"),
    ("l1_data_wavefronts_shared", "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"),
    ("l2_load_sectors_fabric", "lts__t_sectors_srcunit_ltcfabric_op_read.sum"),
]

# The acceptance bars of issue 6 (median absolute percentage error, percent).
ACCEPTANCE_MEDIAN_APE = {
    "l1_data_wavefronts": 3.0,
    "l2_load_sectors": 8.0,
    "dram_read_bytes": 12.0,
    "time_seconds": 15.0,
}
# Measured performance of the predicted best configuration must be at least
# this fraction of the measured best (within 10 %).
ACCEPTANCE_BEST_RATIO = 0.90


def ncu_metric_list():
    """All metrics for `ncu --metrics`, comma-separated, predicted ones first."""
    return ",".join([m[1] for m in METRICS] + [m[1] for m in EXTRA_NCU])
