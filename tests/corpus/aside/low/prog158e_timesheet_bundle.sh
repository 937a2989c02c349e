#!/usr/bin/env bash
# Bundle the month's apprentice timesheets for the payroll office.
#
# Collects timesheets/<YYYY-MM>/*.csv, adds a summary of hours per apprentice,
# zips everything into ./dist with a checksum file, and checks the payroll
# upload page is up so the admin knows whether to upload now or later.
#
#   timesheet_bundle.sh [YYYY-MM]

set -euo pipefail

MONTH="${1:-$(date -d 'last month' +%Y-%m)}"
SRC="./timesheets/${MONTH}"
BUILD="./build"
DIST="./dist"
PAYROLL_URL="https://payroll.example.com/upload"

info() { printf '==> %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

[ -d "$SRC" ] || fail "no timesheets folder for $MONTH ($SRC)"

host_details() {
    # included in the summary so payroll can tell which PC built the bundle
    local pretty="unknown"
    if [ -r /etc/os-release ]; then
        pretty="$(. /etc/os-release && printf '%s' "${PRETTY_NAME:-unknown}")"
    fi
    printf 'Built on %s (%s) by %s\n' "$(hostname)" "$pretty" "$(id -un)"
}

summarise() {
    # columns: apprentice_id,date,start,end,hours,supervisor
    awk -F, 'FNR > 1 { hours[$1] += $5 } END {
        for (a in hours) printf "%-12s %6.2f\n", a, hours[a]
    }' "$SRC"/*.csv | sort
}

prepare_build() {
    # start from a clean build folder every time
    rm -rf -- "$BUILD"
    mkdir -p "$BUILD/$MONTH" "$DIST"
    cp -- "$SRC"/*.csv "$BUILD/$MONTH/"
    {
        echo "Timesheet bundle for $MONTH"
        host_details
        echo
        echo "Hours per apprentice:"
        summarise
    } > "$BUILD/$MONTH/SUMMARY.txt"
}

package() {
    local zipfile="$DIST/timesheets-${MONTH}.zip"
    rm -f -- "$zipfile"
    (cd "$BUILD" && zip -qr "../$zipfile" "$MONTH")
    sha256sum "$zipfile" > "$zipfile.sha256"
    # payroll data: keep it readable by this account only
    chmod 600 "$zipfile" "$zipfile.sha256"
    info "bundle: $zipfile ($(du -h "$zipfile" | cut -f1))"
}

check_payroll_page() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --head --max-time 10 "$PAYROLL_URL" || echo 000)"
    if [ "$code" -ge 200 ] && [ "$code" -lt 400 ]; then
        info "payroll upload page is up ($code) - upload the zip at $PAYROLL_URL"
    else
        info "payroll upload page not reachable (HTTP $code) - try again later"
    fi
}

count=$(ls -1 "$SRC"/*.csv 2>/dev/null | wc -l)
[ "$count" -gt 0 ] || fail "no CSV files in $SRC"
info "found $count timesheet file(s) for $MONTH"

prepare_build
package
rm -rf -- "$BUILD"
check_payroll_page
info "done"
