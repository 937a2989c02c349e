#!/usr/bin/env bash
# Supplier portal DNS pin
#
# The office router's DNS keeps serving a stale address for the glass
# supplier's order portal after they move hosting, which makes the order sync
# fail for a day at a time.  This looks the portal up against a public
# resolver and pins the answer in the hosts file, inside a marked block that
# is replaced on every run.
#
# Usage: prog121e_supplier_portal_dns_pin.sh [--remove] [host ...]

set -euo pipefail

HOSTS_FILE=/etc/hosts
RESOLVER="${PIN_RESOLVER:-1.1.1.1}"
BEGIN="# >>> supplier-portal-pin >>>"
END="# <<< supplier-portal-pin <<<"
DEFAULT_HOSTS=(portal.clearcut-glass-supply.co.uk api.clearcut-glass-supply.co.uk)

REMOVE=0
HOSTS=()
for arg in "$@"; do
    case "$arg" in
        --remove) REMOVE=1 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) HOSTS+=("$arg") ;;
    esac
done
(( ${#HOSTS[@]} )) || HOSTS=("${DEFAULT_HOSTS[@]}")

lookup() {
    local name="$1" addr=""
    if command -v dig >/dev/null; then
        addr=$(dig +short +time=3 +tries=2 "@$RESOLVER" A "$name" | grep -E '^[0-9.]+$' | head -1)
    elif command -v nslookup >/dev/null; then
        addr=$(nslookup "$name" "$RESOLVER" 2>/dev/null \
               | awk '/^Address: / {print $2}' | grep -v ':' | head -1)
    fi
    printf '%s' "$addr"
}

# current hosts file minus our old block
STRIPPED="$(sed "/^$BEGIN\$/,/^$END\$/d" "$HOSTS_FILE")"

BLOCK=""
if (( ! REMOVE )); then
    BLOCK="$BEGIN"$'\n'
    for h in "${HOSTS[@]}"; do
        ip="$(lookup "$h")"
        if [[ -z "$ip" ]]; then
            echo "warning: no answer for $h from $RESOLVER, leaving it out" >&2
            continue
        fi
        echo "$h -> $ip"
        BLOCK+="$ip	$h"$'\n'
    done
    BLOCK+="$END"
fi

NEW="$STRIPPED"
[[ -n "$BLOCK" ]] && NEW+=$'\n'"$BLOCK"

if [[ "$NEW" == "$(cat "$HOSTS_FILE")" ]]; then
    echo "hosts file already up to date"
    exit 0
fi

BACKUP="hosts.backup.$(date +%Y%m%d%H%M%S)"
cp "$HOSTS_FILE" "$BACKUP"
echo "saved current hosts file to ./$BACKUP"

printf '%s\n' "$NEW" | sudo tee "$HOSTS_FILE" >/dev/null
sudo chmod 644 "$HOSTS_FILE"

# flush whatever resolver cache is running
if command -v resolvectl >/dev/null; then
    sudo resolvectl flush-caches || true
elif systemctl is-active --quiet nscd 2>/dev/null; then
    sudo systemctl restart nscd
fi

for h in "${HOSTS[@]}"; do
    getent hosts "$h" || echo "warning: $h does not resolve after update" >&2
done
