# Sourced by the command-line tests (not a test itself: CTest runs *.sh).
# Needs $tmp; counts into $pass and $fail.
pass=0 fail=0
ok() { echo "ok  : $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }

# expect_error NAME PATTERN COMMAND...: exit 2 within 60 s, empty stdout,
# stderr matching PATTERN
expect_error() {
	local name=$1 pattern=$2
	shift 2
	timeout 60 "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -qE -- "$pattern" "$tmp/err"; then
		ok "$name: $(head -c 200 "$tmp/err" | head -1)"
	else
		bad "$name (exit $rc, stdout $(wc -c <"$tmp/out") bytes): $(cat "$tmp/err")"
	fi
}

# dnf_copy_model FILE BLOCKS [COPIES]: COPIES (default 1) copies of
# BLOCKS*256 floats, src_i to dst_i, each access guarded by a 10-term
# disjunction (past the 8 a guard is bound as), so it is evaluated lane by
# lane and blocks are not grouped into classes; the kernel is copy_dnf,
# 4*COPIES B read and 4*COPIES B written a thread
dnf_copy_model() {
	local g='x >= 0 || x == -1 || x == -2 || x == -3 || x == -4 || x == -5 || x == -6 || x == -7 || x == -8 || x == -9'
	local copies=${3:-1} i fields="" accesses="" sep=""
	for ((i = 0; i < copies; i++)); do
		local sfx=""
		[ "$copies" -gt 1 ] && sfx=$i
		fields+="$sep{\"name\": \"src$sfx\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]},
            {\"name\": \"dst$sfx\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]}"
		accesses+="$sep{\"field\": \"src$sfx\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"x\"], \"guard\": \"$g\"},
              {\"field\": \"dst$sfx\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"x\"], \"guard\": \"$g\"}"
		sep=",
            "
	done
	cat >"$1" <<JSON
{"format": "warpest-kernel-model", "version": 1, "kernel": "copy_dnf",
 "params": [{"name": "n", "value": $(($2 * 256))}],
 "defs": {"x": "tid.x + ctaid.x*ntid.x"}, "grid": {"x": "$2"},
 "fields": [$fields],
 "accesses": [$accesses]}
JSON
}
