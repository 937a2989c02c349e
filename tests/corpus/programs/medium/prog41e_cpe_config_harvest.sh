#!/usr/bin/env bash
# Harvest saved configs from legacy CPE (DSL modems that only speak FTP),
# normalise them and register each one with the TR-069 ACS inventory API.
#
# usage: cpe_config_harvest.sh cpe_list.txt
#   cpe_list.txt: one "<serial> <mgmt-ip>" per line
set -u

STAGE=/tmp/cpe_stage
OUT_DIR=${OUT_DIR:-./cpe_configs}
ACS_API=${ACS_API:-https://acs-lab.noc.internal:7547/api/v1}
ACS_TOKEN=${ACS_TOKEN:-}
FTP_USER=${FTP_USER:-admin}
FTP_PASS=${FTP_PASS:-admin}
PARALLEL=${PARALLEL:-4}

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

die() { log "ERROR: $*"; exit 1; }

prepare() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE" "$OUT_DIR"
    : > "$STAGE/failed.txt"
}

pull_one() {
    local serial=$1 ip=$2
    local dest="$STAGE/$serial.cfg"
    if ! curl -s --max-time 20 --user "$FTP_USER:$FTP_PASS" \
            "ftp://$ip/config/backup.cfg" -o "$dest"; then
        log "pull failed: $serial ($ip)"
        echo "$serial" >> "$STAGE/failed.txt"
        return 1
    fi
    # strip volatile lines so diffs stay quiet
    grep -v -e '^# generated' -e '^uptime=' "$dest" > "$OUT_DIR/$serial.cfg"
    log "pulled $serial"
}

register() {
    local serial=$1 sum
    sum=$(sha256sum "$OUT_DIR/$serial.cfg" | cut -d' ' -f1)
    curl -sk --max-time 15 -X PUT \
        -H "Authorization: Bearer $ACS_TOKEN" \
        -H 'Content-Type: application/json' \
        -d "{\"serial\":\"$serial\",\"config_sha256\":\"$sum\"}" \
        "$ACS_API/devices/$serial/config-meta" >/dev/null \
        || log "ACS update failed for $serial"
}

main() {
    local list=${1:-}
    [[ -n $list && -r $list ]] || die "usage: $0 cpe_list.txt"
    [[ -n $ACS_TOKEN ]] || log "warning: ACS_TOKEN empty, registration will be rejected"
    prepare

    local running=0
    while read -r serial ip _; do
        [[ -z ${serial:-} || $serial == \#* ]] && continue
        pull_one "$serial" "$ip" &
        running=$((running + 1))
        if (( running >= PARALLEL )); then
            wait -n
            running=$((running - 1))
        fi
    done < "$list"
    wait

    for f in "$OUT_DIR"/*.cfg; do
        [[ -e $f ]] || continue
        register "$(basename "$f" .cfg)"
    done

    local failed
    failed=$(wc -l < "$STAGE/failed.txt")
    log "done; $failed device(s) failed, see $STAGE/failed.txt"
    (( failed == 0 ))
}

main "$@"
