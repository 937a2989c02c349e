#!/usr/bin/env bash
# daily_report_build.sh
# Builds the daily animal-health summary from the clinic's CSV exports in the
# working directory and posts the headline numbers to the zoo dashboard API.
set -euo pipefail

EXPORT_DIR="./exports"
BUILD_DIR="./build"
DAY="$(date +%F)"
DASHBOARD_URL="https://dashboard.example.com/api/v1/daily-health"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

clean_build() {
    # only our own build output, relative to the working directory
    rm -rf -- "${BUILD_DIR:?}"
    mkdir -p "$BUILD_DIR"
}

host_line() {
    local pretty="unknown"
    if [[ -r /etc/os-release ]]; then
        pretty="$(grep -E '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"')"
    fi
    echo "built on $(hostname) ($pretty)"
}

count_rows() {
    local f="$1"
    [[ -f "$f" ]] || { echo 0; return; }
    echo $(( $(wc -l < "$f") - 1 ))
}

build_report() {
    local out="$BUILD_DIR/health_${DAY}.txt"
    local treatments admissions deaths
    treatments=$(count_rows "$EXPORT_DIR/treatments.csv")
    admissions=$(count_rows "$EXPORT_DIR/admissions.csv")
    deaths=$(count_rows "$EXPORT_DIR/mortality.csv")
    {
        echo "Daily animal health report - $DAY"
        echo "$(host_line)"
        echo
        printf 'Treatments:  %5d\n' "$treatments"
        printf 'Admissions:  %5d\n' "$admissions"
        printf 'Mortality:   %5d\n' "$deaths"
        echo
        echo "Admissions by section:"
        if [[ -f "$EXPORT_DIR/admissions.csv" ]]; then
            awk -F, 'NR>1 {c[$3]++} END {for (s in c) printf "  %-20s %d\n", s, c[s]}' \
                "$EXPORT_DIR/admissions.csv" | sort
        fi
    } > "$out"
    log "report written to $out"
    printf '{"day":"%s","treatments":%d,"admissions":%d,"mortality":%d}\n' \
        "$DAY" "$treatments" "$admissions" "$deaths" > "$BUILD_DIR/summary.json"
}

post_summary() {
    if [[ -z "${ZOO_DASHBOARD_KEY:-}" ]]; then
        log "ZOO_DASHBOARD_KEY not set, skipping dashboard post"
        return 0
    fi
    local code
    code=$(curl -sS -o "$BUILD_DIR/post_response.json" -w '%{http_code}' \
        --max-time 20 \
        -H "Authorization: Bearer ${ZOO_DASHBOARD_KEY}" \
        -H "Content-Type: application/json" \
        --data @"$BUILD_DIR/summary.json" \
        "$DASHBOARD_URL") || { log "dashboard unreachable"; return 1; }
    log "dashboard responded $code"
    [[ "$code" =~ ^2 ]]
}

main() {
    [[ -d "$EXPORT_DIR" ]] || { log "no $EXPORT_DIR directory here"; exit 1; }
    clean_build
    build_report
    post_summary || log "post failed, report kept in $BUILD_DIR"
}

main "$@"
