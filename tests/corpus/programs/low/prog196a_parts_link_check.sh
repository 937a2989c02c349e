#!/usr/bin/env bash
# Check that the supplier links in our parts list still resolve, and build
# a small HTML page of parts for the shop website in ./build.
set -euo pipefail

PARTS_CSV="${PARTS_CSV:-parts.csv}"
BUILD_DIR="$PWD/build"
TIMEOUT=10
CLEAN=0

log() { printf '[links] %s\n' "$*" >&2; }

usage() {
    cat <<EOF
usage: ${0##*/} [-f parts.csv] [-t seconds] [-c]
  -c  remove ./build before starting
EOF
}

while getopts ":f:t:ch" o; do
    case "$o" in
        f) PARTS_CSV="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        c) CLEAN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

host_line() {
    local name="unknown"
    if [[ -r /etc/os-release ]]; then
        name="$(. /etc/os-release && printf '%s' "${PRETTY_NAME:-$NAME}")"
    fi
    printf 'checked on %s (%s)' "$(hostname)" "$name"
}

probe() {
    local url="$1" code
    code="$(curl -sI -o /dev/null -w '%{http_code}' --max-time "$TIMEOUT" "$url" || echo 000)"
    printf '%s' "$code"
}

declare -A VERDICT=([2]=ok [3]=moved [4]=broken [5]=error [0]=unreachable)

render_row() {
    local sku="$1" item="$2" url="$3" status="$4"
    printf '<tr class="%s"><td>%s</td><td><a href="%s">%s</a></td><td>%s</td></tr>\n' \
        "$status" "$sku" "$url" "$item" "$status"
}

main() {
    [[ -f "$PARTS_CSV" ]] || { log "$PARTS_CSV not found"; exit 1; }
    [[ $CLEAN -eq 1 ]] && rm -rf -- "$BUILD_DIR"
    mkdir -p "$BUILD_DIR"

    local rows="" bad=0 total=0 sku item url code verdict
    while IFS=, read -r sku item url; do
        [[ "$sku" == "sku" || -z "$url" ]] && continue
        total=$((total + 1))
        code="$(probe "$url")"
        verdict="${VERDICT[${code:0:1}]:-unknown}"
        [[ "$verdict" == ok || "$verdict" == moved ]] || bad=$((bad + 1))
        log "$sku $code $verdict"
        rows+="$(render_row "$sku" "$item" "$url" "$verdict")"$'\n'
    done <"$PARTS_CSV"

    cat >"$BUILD_DIR/parts.html" <<EOF
<!doctype html>
<html><head><meta charset="utf-8"><title>Parts we stock</title></head>
<body><h1>Parts we stock</h1>
<table>
$rows</table>
<p><small>$(host_line), $(date '+%d %b %Y')</small></p>
</body></html>
EOF
    log "$total links checked, $bad need attention; page at $BUILD_DIR/parts.html"
    [[ $bad -eq 0 ]]
}

main "$@"
