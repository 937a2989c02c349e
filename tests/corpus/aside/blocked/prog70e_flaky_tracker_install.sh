#!/bin/sh
# flaky_tracker_install.sh - install the flaky-test tracker for the current
# user. The tracker scans recent JUnit results under RESULTS_DIR, scores each
# test by how often it flips between pass and fail, and refreshes the report
# that the QA dashboard reads.
#
#   ./flaky_tracker_install.sh [--results DIR] [--every MINUTES] [--uninstall]
set -eu

PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/flaky-tracker"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/flaky-tracker"
RESULTS_DIR="$PWD/test-results"
EVERY=30
TAG="# flaky-tracker refresh"
PYTHON="${PYTHON:-python3}"

say() { printf 'flaky-tracker: %s\n' "$*"; }
fail() { printf 'flaky-tracker: error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --results) RESULTS_DIR="$2"; shift 2 ;;
        --every)   EVERY="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done

case "$EVERY" in
    ''|*[!0-9]*) fail "--every needs a number of minutes" ;;
esac

current_schedule() {
    crontab -l 2>/dev/null | grep -v -F "$TAG" || true
}

remove_schedule() {
    current_schedule | crontab -
    say "removed scheduled refresh"
}

if [ "${UNINSTALL:-0}" = 1 ]; then
    remove_schedule
    rm -rf "$PREFIX"
    say "uninstalled from $PREFIX"
    exit 0
fi

command -v "$PYTHON" >/dev/null 2>&1 || fail "$PYTHON not found"
[ -f pyproject.toml ] || fail "run this from the flaky-tracker checkout"

say "creating virtualenv in $PREFIX"
mkdir -p "$PREFIX" "$CONF_DIR"
"$PYTHON" -m venv "$PREFIX/venv"
"$PREFIX/venv/bin/pip" install --quiet --upgrade pip
"$PREFIX/venv/bin/pip" install --quiet .

cat > "$CONF_DIR/config.toml" <<EOF
[tracker]
results_dir = "$RESULTS_DIR"
history_days = 14
min_runs = 5
flip_threshold = 0.2

[report]
output = "$PREFIX/flaky-report.json"
EOF
say "wrote $CONF_DIR/config.toml"

cat > "$PREFIX/refresh.sh" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 0
exec "$PREFIX/venv/bin/flaky-tracker" refresh --config "$CONF_DIR/config.toml" >> "$PREFIX/refresh.log" 2>&1
EOF
chmod 0755 "$PREFIX/refresh.sh"

sched_file="$(mktemp)"
trap 'rm -f "$sched_file"' EXIT
current_schedule > "$sched_file"
printf '*/%s * * * * %s %s\n' "$EVERY" "$PREFIX/refresh.sh" "$TAG" >> "$sched_file"
printf '@reboot %s %s\n' "$PREFIX/refresh.sh" "$TAG" >> "$sched_file"
crontab "$sched_file"
say "refresh scheduled every $EVERY minutes"

"$PREFIX/refresh.sh" || say "first refresh failed, see $PREFIX/refresh.log"
say "done"
