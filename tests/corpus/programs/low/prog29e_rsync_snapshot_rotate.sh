#!/usr/bin/env bash
# rsync-based hard-link snapshots of the user's working trees.
# Each run creates  <dest>/<YYYY-mm-dd_HHMMSS>/  and hard-links unchanged
# files against the previous snapshot (--link-dest), then prunes old ones.
#
# Usage: rsync_snapshot_rotate.sh [-s SRC]... [-d DEST] [-k KEEP] [-n] [-v]

set -euo pipefail

PROG=${0##*/}
DEST="${HOME}/backups/snapshots"
KEEP=14
DRY_RUN=0
VERBOSE=0
SOURCES=()
EXCLUDES=(".cache/" "node_modules/" "__pycache__/" "*.pyc" ".venv/" "target/" ".ssh/")

log()  { printf '%s [%s] %s\n' "$(date '+%F %T')" "$PROG" "$*" | tee -a "${DEST}/snapshot.log" >&2; }
die()  { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }

usage() {
    cat <<EOF
Usage: $PROG [-s SRC]... [-d DEST] [-k KEEP] [-n] [-v]
  -s SRC   directory to back up (repeatable, default: ~/projects ~/Documents)
  -d DEST  snapshot root (default: $DEST)
  -k KEEP  number of snapshots to keep (default: $KEEP)
  -n       dry run (rsync --dry-run, no pruning)
  -v       verbose
EOF
}

while getopts ":s:d:k:nvh" opt; do
    case $opt in
        s) SOURCES+=("$OPTARG") ;;
        d) DEST=$OPTARG ;;
        k) KEEP=$OPTARG ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        :) die "option -$OPTARG needs an argument" ;;
        \?) usage >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

[[ ${#SOURCES[@]} -eq 0 ]] && SOURCES=("${HOME}/projects" "${HOME}/Documents")
[[ $KEEP =~ ^[0-9]+$ ]] || die "KEEP must be an integer"
command -v rsync >/dev/null || die "rsync not installed"

mkdir -p "$DEST"

latest_snapshot() {
    # newest directory whose name looks like a timestamp
    find "$DEST" -mindepth 1 -maxdepth 1 -type d -name '20??-??-??_??????' -printf '%f\n' \
        | sort | tail -n 1
}

check_space() {
    local need_kb avail_kb
    need_kb=$(du -sk "${SOURCES[@]}" 2>/dev/null | awk '{s+=$1} END {print s+0}')
    avail_kb=$(df -Pk "$DEST" | awk 'NR==2 {print $4}')
    vlog "estimated size ${need_kb} KiB, available ${avail_kb} KiB"
    if (( avail_kb < need_kb / 10 )); then
        die "less than 10% of source size free on $DEST; aborting"
    fi
}

make_snapshot() {
    local stamp prev target rsync_opts=()
    stamp=$(date '+%Y-%m-%d_%H%M%S')
    prev=$(latest_snapshot)
    target="${DEST}/${stamp}"

    rsync_opts=(-a --delete --human-readable --stats --partial)
    for pat in "${EXCLUDES[@]}"; do rsync_opts+=(--exclude "$pat"); done
    [[ -n $prev ]] && rsync_opts+=(--link-dest "${DEST}/${prev}")
    [[ $DRY_RUN -eq 1 ]] && rsync_opts+=(--dry-run)
    [[ $VERBOSE -eq 1 ]] && rsync_opts+=(-v)

    log "snapshot ${stamp} (link-dest: ${prev:-none})"
    mkdir -p "$target"
    local src rc=0
    for src in "${SOURCES[@]}"; do
        if [[ ! -d $src ]]; then
            log "skip missing source $src"
            continue
        fi
        rsync "${rsync_opts[@]}" "${src%/}" "$target/" || rc=$?
        # 24 = some files vanished during transfer; not fatal for a home backup
        if [[ $rc -ne 0 && $rc -ne 24 ]]; then
            log "rsync failed for $src (rc=$rc)"
            return "$rc"
        fi
    done
    if [[ $DRY_RUN -eq 1 ]]; then
        rmdir "$target" 2>/dev/null || true
    else
        ln -sfn "$stamp" "${DEST}/latest"
    fi
    log "snapshot ${stamp} done"
}

prune_snapshots() {
    [[ $DRY_RUN -eq 1 ]] && return 0
    local -a snaps
    mapfile -t snaps < <(find "$DEST" -mindepth 1 -maxdepth 1 -type d \
        -name '20??-??-??_??????' -printf '%f\n' | sort)
    local excess=$(( ${#snaps[@]} - KEEP ))
    (( excess > 0 )) || { vlog "nothing to prune (${#snaps[@]} snapshots)"; return 0; }
    local i
    for (( i = 0; i < excess; i++ )); do
        log "pruning old snapshot ${snaps[i]}"
        rm -rf -- "${DEST:?}/${snaps[i]}"
    done
}

main() {
    check_space
    make_snapshot
    prune_snapshots
    du -sh "$DEST" 2>/dev/null | awk '{print "snapshot root size: " $1}' >&2
}

main "$@"
