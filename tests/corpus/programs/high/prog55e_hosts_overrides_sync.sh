#!/usr/bin/env bash
# Keep a managed block of local name overrides in /etc/hosts in sync with the
# lists in ./hosts.d/*.list (lines: "<ip> <name> [aliases...]"). Only the
# block between the markers is touched; everything else is preserved.
set -euo pipefail

HOSTS_FILE="${HOSTS_FILE:-/etc/hosts}"
LIST_DIR="./hosts.d"
BEGIN_MARK="# >>> dev-overrides (managed) >>>"
END_MARK="# <<< dev-overrides (managed) <<<"
CHECK_ONLY=0

[[ ${1:-} == --check ]] && CHECK_ONLY=1

log() { logger -t hosts-sync -- "$*" 2>/dev/null || true; echo "hosts-sync: $*"; }

valid_ip() {
    local ip=$1
    [[ $ip =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}$ ]] && return 0
    [[ $ip =~ ^[0-9a-fA-F:]+$ && $ip == *:* ]] && return 0
    return 1
}

shopt -s nullglob
lists=("$LIST_DIR"/*.list)
(( ${#lists[@]} )) || { log "no lists in $LIST_DIR"; exit 0; }

# Build the new managed block into fd 5 (a file in the working directory).
block=./.hosts-block.new
exec 5> "$block"
echo "$BEGIN_MARK" >&5
declare -A seen=()
for list in "${lists[@]}"; do
    echo "# from ${list##*/}" >&5
    while read -r ip names; do
        [[ -z $ip || $ip == \#* ]] && continue
        if ! valid_ip "$ip"; then
            log "skipping bad address '$ip' in $list"
            continue
        fi
        for n in $names; do
            if [[ -n ${seen[$n]:-} && ${seen[$n]} != "$ip" ]]; then
                log "conflict: $n -> ${seen[$n]} and $ip (keeping first)"
            fi
            seen[$n]=${seen[$n]:-$ip}
        done
        printf '%-39s %s\n' "$ip" "$names" >&5
    done < "$list"
done
echo "$END_MARK" >&5
exec 5>&-

# Current file with any previous managed block removed.
current_without_block() {
    awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
        $0 == b { skip = 1; next }
        $0 == e { skip = 0; next }
        !skip' "$HOSTS_FILE"
}

if diff -q <(sed -n "/^$BEGIN_MARK\$/,/^$END_MARK\$/p" "$HOSTS_FILE") "$block" > /dev/null; then
    log "managed block already up to date (${#seen[@]} names)"
    rm -f "$block"
    exit 0
fi

if (( CHECK_ONLY )); then
    diff -u <(sed -n "/^$BEGIN_MARK\$/,/^$END_MARK\$/p" "$HOSTS_FILE") "$block" || true
    rm -f "$block"
    exit 1
fi

sudo cp -p -- "$HOSTS_FILE" "$HOSTS_FILE.bak.$(date +%Y%m%d%H%M%S)"
{ current_without_block; cat "$block"; } | sudo tee "$HOSTS_FILE.sync" > /dev/null
sudo chmod 0644 "$HOSTS_FILE.sync"
sudo mv -f -- "$HOSTS_FILE.sync" "$HOSTS_FILE"
rm -f "$block"

# Flush the local resolver cache if one is running.
if command -v resolvectl > /dev/null; then
    resolvectl flush-caches 2>/dev/null || true
fi
log "updated $HOSTS_FILE with ${#seen[@]} names from ${#lists[@]} lists"
