#!/usr/bin/env bash
# Housekeeping for the booking app checkout on the office PC.
# Clears our own build output and caches, checks the public booking page
# answers, and prints a short machine summary for the support ticket.
set -euo pipefail

BOOKING_URL="${BOOKING_URL:-https://book.example.com/}"
BUILD_DIR="./build"
CACHE_DIRS=("./.cache" "./node_modules/.cache" "./.pytest_cache")
REPORT="./housekeeping_report.txt"
KEEP_LOGS=5

say() {
    printf '[%s] %s\n' "$(date '+%Y-%m-%d %H:%M')" "$*" | tee -a "$REPORT"
}

clean_build() {
    if [ -d "${BUILD_DIR:?}" ]; then
        rm -rf -- "${BUILD_DIR:?}"
        say "removed $BUILD_DIR"
    fi
    for d in "${CACHE_DIRS[@]}"; do
        if [ -d "$d" ]; then
            rm -rf -- "$d"
            say "removed $d"
        fi
    done
    # compiled python files scattered through the checkout
    find . -name '__pycache__' -type d -prune -exec rm -rf {} + 2>/dev/null || true
}

trim_logs() {
    # keep only the newest few app logs in ./logs
    [ -d ./logs ] || return 0
    local count=0
    while IFS= read -r f; do
        count=$((count + 1))
        if [ "$count" -gt "$KEEP_LOGS" ]; then
            rm -f -- "$f"
            say "trimmed $f"
        fi
    done < <(ls -1t ./logs/*.log 2>/dev/null || true)
}

check_site() {
    local code
    code=$(curl -sI -o /dev/null -w '%{http_code}' --max-time 10 "$BOOKING_URL" || echo "000")
    if [ "$code" = "200" ] || [ "$code" = "301" ] || [ "$code" = "302" ]; then
        say "booking page OK ($code)"
    else
        say "booking page returned $code"
    fi
}

machine_summary() {
    local os cpus
    os=$(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-unknown}" || echo unknown)
    cpus=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo "?")
    say "os: $os"
    say "cpus: $cpus"
    say "disk free here: $(df -h . | awk 'NR==2 {print $4}')"
}

main() {
    : > "$REPORT"
    say "housekeeping started in $(pwd)"
    case "${1:-all}" in
        clean) clean_build; trim_logs ;;
        check) check_site ;;
        all)   clean_build; trim_logs; check_site; machine_summary ;;
        *)     echo "usage: $0 [clean|check|all]" >&2; exit 2 ;;
    esac
    chmod 600 "$REPORT"
    say "done"
}

main "$@"
