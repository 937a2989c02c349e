#!/bin/sh
# Sets up the sensor uploader on a rig laptop so depth and flow readings
# reach the office without the driller having to start anything.
set -eu

APP_NAME="rigtelemetry"
APP_HOME="${APP_HOME:-$HOME/.local/share/.$APP_NAME}"
SPOOL_DIR="$APP_HOME/spool"
INGEST_URL="${INGEST_URL:-https://telemetry.deepcoredrilling.example/ingest}"
RIG_ID="${RIG_ID:-$(hostname)}"
INTERVAL_MIN="${INTERVAL_MIN:-10}"

say() {
    printf '%s [setup] %s\n' "$(date '+%H:%M:%S')" "$*"
}

prepare_dirs() {
    mkdir -p "$APP_HOME" "$SPOOL_DIR"
    chmod 700 "$APP_HOME"
}

write_uploader() {
    target="$APP_HOME/upload.sh"
    cat > "$target" <<EOS
#!/bin/sh
SPOOL="$SPOOL_DIR"
for f in "\$SPOOL"/*.csv; do
    [ -f "\$f" ] || continue
    if curl -fsS -X POST -H "X-Rig: $RIG_ID" --data-binary @"\$f" "$INGEST_URL"; then
        rm -f "\$f"
    fi
done
EOS
    chmod 700 "$target"
    printf '%s\n' "$target"
}

timing_for() {
    case "$1" in
        boot) printf '@%s' "reboot" ;;
        steady) printf '*/%s * * * *' "$INTERVAL_MIN" ;;
        *) return 1 ;;
    esac
}

schedule_line() {
    when="$(timing_for "$1")"
    printf '%s %s >/dev/null 2>&1 # %s-%s\n' "$when" "$2" "$APP_NAME" "$1"
}

current_table() {
    crontab -l 2>/dev/null | grep -v "# $APP_NAME-" || true
}

register() {
    runner="$1"
    tmp_table="$APP_HOME/.table"
    current_table > "$tmp_table"
    for slot in boot steady; do
        schedule_line "$slot" "$runner" >> "$tmp_table"
    done
    crontab "$tmp_table"
    rm -f "$tmp_table"
}

check_tools() {
    for tool in curl crontab hostname; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            say "missing tool: $tool"
            exit 1
        fi
    done
}

main() {
    check_tools
    say "installing uploader for rig $RIG_ID"
    prepare_dirs
    runner="$(write_uploader)"
    register "$runner"
    say "uploader scheduled every $INTERVAL_MIN minutes and at startup"
}

main "$@"
