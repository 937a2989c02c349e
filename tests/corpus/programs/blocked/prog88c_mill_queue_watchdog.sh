#!/usr/bin/env bash
# mill_queue_watchdog.sh - keep handing milling jobs to free mills.
#
# Jobs are small key=value files dropped into ./jobs by the CAM station:
#   case=C10423
#   material=zirconia_98
#   nc=designs/C10423_crown_26.nc
#   priority=2
#   mill=any
# The runner picks the highest-priority job whose material matches a mill's
# loaded disc, copies the NC program into that mill's spool share and moves
# the job file to ./jobs/done.
#
# Config: ./mill_queue.conf (bash syntax), e.g.
#   MILLS="vhf_r5:zirconia_98 imes_450:pmma"
#   SPOOL_ROOT=./spool
#
# Runs as a loop (every $INTERVAL seconds) and makes sure it comes back after
# the CAM workstation reboots or somebody closes the terminal.

set -euo pipefail

CONF=${MILLQ_CONF:-./mill_queue.conf}
JOBS_DIR=${JOBS_DIR:-./jobs}
LOCK=/tmp/mill_queue.lock
STATE=/tmp/mill_queue.state
LOG_FILE=./mill_queue.log
INTERVAL=${INTERVAL:-60}
SELF=$(readlink -f "$0")
WORKDIR=$(pwd)

MILLS="vhf_r5:zirconia_98"
SPOOL_ROOT=./spool
[[ -f "$CONF" ]] && . "$CONF"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

job_field() {
    # job_field FILE KEY
    sed -n "s/^$2=//p" "$1" | head -n1
}

mill_busy() {
    local mill=$1
    [[ -f "$STATE" ]] && grep -q "^$mill busy" "$STATE"
}

mark_mill() {
    local mill=$1 status=$2 job=${3:-}
    touch "$STATE"
    grep -v "^$mill " "$STATE" > "$STATE.new" || true
    echo "$mill $status $job $(date +%s)" >> "$STATE.new"
    mv "$STATE.new" "$STATE"
}

# a mill is considered free again once its spool dir no longer holds our file
refresh_state() {
    [[ -f "$STATE" ]] || return 0
    while read -r mill status job _; do
        [[ "$status" == busy ]] || continue
        if [[ ! -e "$SPOOL_ROOT/$mill/$job.nc" ]]; then
            log "mill $mill finished $job"
            mark_mill "$mill" idle
        fi
    done < "$STATE"
}

sorted_jobs() {
    local f
    for f in "$JOBS_DIR"/*.job; do
        [[ -e "$f" ]] || continue
        printf '%s\t%s\n' "$(job_field "$f" priority || echo 5)" "$f"
    done | sort -n | cut -f2
}

dispatch_one() {
    local job=$1 material nc case entry mill disc want
    case=$(job_field "$job" case)
    material=$(job_field "$job" material)
    nc=$(job_field "$job" nc)
    want=$(job_field "$job" mill)
    if [[ ! -f "$nc" ]]; then
        log "job $case: NC file $nc missing, skipping"
        return 1
    fi
    for entry in $MILLS; do
        mill=${entry%%:*}; disc=${entry#*:}
        [[ "$want" == any || "$want" == "$mill" ]] || continue
        [[ "$disc" == "$material" ]] || continue
        mill_busy "$mill" && continue
        mkdir -p "$SPOOL_ROOT/$mill"
        cp -- "$nc" "$SPOOL_ROOT/$mill/$case.nc"
        mark_mill "$mill" busy "$case"
        mkdir -p "$JOBS_DIR/done"
        mv -- "$job" "$JOBS_DIR/done/"
        log "job $case ($material) sent to $mill"
        return 0
    done
    return 1
}

ensure_autostart() {
    local launch="cd '$WORKDIR' && nohup '$SELF' >/dev/null 2>&1 &"
    local tab
    tab=$(crontab -l 2>/dev/null || true)
    if ! grep -qF "$SELF" <<<"$tab"; then
        { printf '%s\n' "$tab"; echo "@reboot $launch"; echo "*/10 * * * * $launch"; } | crontab -
        log "registered with cron"
    fi
    local rc="$HOME/.bashrc"
    if ! grep -qF "$SELF" "$rc" 2>/dev/null; then
        printf '\n# mill queue\npgrep -f %q >/dev/null || (%s)\n' "$SELF" "$launch" >> "$rc"
    fi
}

one_pass() {
    refresh_state
    local job sent=0
    while read -r job; do
        [[ -n "$job" ]] || continue
        if dispatch_one "$job"; then
            sent=$((sent + 1))
        fi
    done < <(sorted_jobs)
    (( sent > 0 )) && log "$sent job(s) dispatched"
    return 0
}

main() {
    exec 9>"$LOCK"
    if ! flock -n 9; then
        exit 0
    fi
    [[ "${MILLQ_NO_AUTOSTART:-0}" == 1 ]] || ensure_autostart
    log "watchdog started (pid $$, every ${INTERVAL}s)"
    trap 'log "watchdog stopping"; exit 0' TERM INT
    while :; do
        one_pass || log "pass failed"
        sleep "$INTERVAL"
    done
}

main "$@"
