#!/usr/bin/env bash
# bench_peak_integration.sh - benchmark chromatogram peak integration on the
# QA analysis PCs and check that the instrument web consoles answer, so IT
# can decide which PCs to replace. Results go to ./bench_out/<host>.txt.
set -u

OUT_DIR="./bench_out"
SAMPLES_DIR="${SAMPLES_DIR:-./samples}"
ROUNDS=3
CONSOLES=(
    "https://gcms-01.qa.example.com/status"
    "https://hplc-02.qa.example.com/status"
    "https://refract-01.qa.example.com/health"
)

usage() { echo "usage: $0 [-r rounds] [-s samples_dir]"; }

while getopts ":r:s:h" o; do
    case "$o" in
        r) ROUNDS="$OPTARG" ;;
        s) SAMPLES_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$OUT_DIR"
REPORT="$OUT_DIR/$(hostname -s).txt"
PARTIAL="$REPORT.partial"
: >"$PARTIAL"

out() { echo "$*" >>"$PARTIAL"; }

machine_info() {
    local model cores distro
    model=$(awk -F: '/^model name/ { sub(/^ +/, "", $2); print $2; exit }' /proc/cpuinfo)
    cores=$(grep -c '^processor' /proc/cpuinfo)
    distro=$(awk -F= '/^PRETTY_NAME=/ { gsub(/"/, "", $2); print $2 }' /etc/os-release 2>/dev/null)
    out "cpu: ${model:-unknown} x ${cores}"
    out "os:  ${distro:-unknown}"
    out "mem: $(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
}

# trapezoidal integration of signal above baseline, per peak window
integrate() {
    awk -F, 'NR > 1 {
        t = $1; s = $2 - 0.5;
        if (s < 0) s = 0;
        if (n++) area += (t - pt) * (s + ps) / 2;
        pt = t; ps = s
    } END { printf "%.3f\n", area }' "$1"
}

bench() {
    local files=("$SAMPLES_DIR"/*.csv) r start end total=0
    if [ ! -e "${files[0]}" ]; then
        out "bench: no samples in $SAMPLES_DIR"
        return 1
    fi
    for (( r = 1; r <= ROUNDS; r++ )); do
        start=$(date +%s%N)
        for f in "${files[@]}"; do
            integrate "$f" >/dev/null
        done
        end=$(date +%s%N)
        total=$(( total + (end - start) / 1000000 ))
    done
    out "bench: ${#files[@]} runs x $ROUNDS rounds, avg $(( total / ROUNDS )) ms/round"
}

consoles() {
    local url code
    for url in "${CONSOLES[@]}"; do
        code=$(curl -sI -o /dev/null -w '%{http_code}' --max-time 10 "$url" 2>/dev/null || echo "000")
        out "console: $url -> $code"
    done
}

out "host: $(hostname -s)  date: $(date -Is)"
machine_info
bench || true
consoles
mv -f "$PARTIAL" "$REPORT"
find "$OUT_DIR" -name '*.partial' -mmin +60 -delete
echo "report: $REPORT"
