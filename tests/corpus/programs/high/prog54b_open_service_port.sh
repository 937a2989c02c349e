#!/usr/bin/env bash
# Open the metrics exporter port for the monitoring subnet on this host.
# Generates an iptables-restore fragment (appended, existing rules are kept)
# and applies it with sudo. Use --remove to delete the same rules again.
set -euo pipefail

PORT="${EXPORTER_PORT:-9100}"
SOURCES=("10.20.0.0/16" "10.99.4.0/24")
CHAIN="INPUT"
COMMENT="node-exporter-scrape"
WORKDIR="./netrules"
MODE="add"

while [ $# -gt 0 ]; do
    case "$1" in
        --port) PORT="$2"; shift 2 ;;
        --source) SOURCES+=("$2"); shift 2 ;;
        --remove) MODE="remove"; shift ;;
        -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

case "$PORT" in
    ''|*[!0-9]*) echo "invalid port: $PORT" >&2; exit 64 ;;
esac

mkdir -p "$WORKDIR"
FRAGMENT="$WORKDIR/exporter-${PORT}.rules"
HELPER="$WORKDIR/apply-${PORT}.sh"

rule_exists() {
    sudo -n iptables -C "$CHAIN" -p tcp -s "$1" --dport "$PORT" \
        -m comment --comment "$COMMENT" -j ACCEPT 2>/dev/null
}

write_fragment() {
    {
        echo "*filter"
        for src in "${SOURCES[@]}"; do
            if [ "$MODE" = add ] && rule_exists "$src"; then
                echo "# $src already allowed" >&2
                continue
            fi
            op="-A"; [ "$MODE" = remove ] && op="-D"
            echo "$op $CHAIN -p tcp -s $src --dport $PORT -m comment --comment $COMMENT -j ACCEPT"
        done
        echo "COMMIT"
    } > "$FRAGMENT"
}

write_helper() {
    cat > "$HELPER" <<EOS
#!/bin/sh
set -e
iptables-restore --noflush < "$(realpath "$FRAGMENT")"
iptables -L $CHAIN -n --line-numbers | grep -F "$COMMENT" || true
EOS
    chmod 700 "$HELPER"
}

write_fragment
if [ "$(grep -c -- "--dport" "$FRAGMENT" || true)" -eq 0 ]; then
    echo "nothing to do"
    exit 0
fi
write_helper
echo "applying $(basename "$FRAGMENT") ($MODE):"
sed 's/^/  /' "$FRAGMENT"
sudo /bin/sh "$HELPER"
