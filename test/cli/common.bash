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
