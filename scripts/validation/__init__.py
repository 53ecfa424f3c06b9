"""Validation of warpest predictions against Nsight Compute measurements.

Modules: metrics (report key <-> ncu metric), ncu_csv (parsing ncu --csv),
sweep (the configurations and the commands that measure and predict them),
assemble (one combined CSV), stats (errors, rank quality), plots, fit
(hit-rate curve parameters), cli (the `scripts/validate` command).
Pure Python except plots, which needs matplotlib (Debian's python3-matplotlib).
"""
