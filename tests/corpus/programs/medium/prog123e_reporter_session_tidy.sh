#!/usr/bin/env bash
# reporter_session_tidy.sh
#
# End-of-day tidy for the shared court reporter workstations in the
# courthouse pool. Removes CAT autosave and scratch files from the job
# folder, parks the draft exports left in the USB staging folder in a
# dated tarball, and rotates the agency tools' logs.
#
# usage: reporter_session_tidy.sh [-j jobs_dir] [-s staging_dir] [-y]

set -u

JOBS_DIR="${JOBS_DIR:-$HOME/CATJobs}"
STAGING_DIR="${STAGING_DIR:-$HOME/USBStaging}"
TOOL_LOGS="${TOOL_LOGS:-$HOME/.local/share/reporter-tools/logs}"
PARK_DIR="${PARK_DIR:-$HOME/CATJobs/_parked}"
WORK=/tmp/reporter_tidy
ASSUME_YES=0

say() { printf '>> %s\n' "$*"; }

while getopts ":j:s:y" opt; do
    case "$opt" in
        j) JOBS_DIR="$OPTARG" ;;
        s) STAGING_DIR="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) echo "usage: $0 [-j jobs_dir] [-s staging_dir] [-y]" >&2; exit 2 ;;
    esac
done

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    read -r -p "$1 [y/N] " answer
    [[ "$answer" =~ ^[Yy] ]]
}

clean_cat_scratch() {
    [ -d "$JOBS_DIR" ] || return 0
    local count
    count=$(find "$JOBS_DIR" -type f \( -name '*.tmp' -o -name '~$*' -o -name '*.bak' -o -name '*.autosave' \) | wc -l)
    find "$JOBS_DIR" -type f \( -name '*.tmp' -o -name '~$*' -o -name '*.bak' -o -name '*.autosave' \) -delete
    say "removed $count CAT scratch file(s)"
}

park_staging() {
    [ -d "$STAGING_DIR" ] || return 0
    [ -n "$(ls -A "$STAGING_DIR" 2>/dev/null)" ] || return 0
    confirm "Park draft exports from $STAGING_DIR?" || return 0
    mkdir -p "$WORK" "$PARK_DIR"
    local stamp tarball
    stamp=$(date +%Y%m%d-%H%M)
    tarball="$WORK/drafts-$stamp.tar.gz"
    if tar -czf "$tarball" -C "$STAGING_DIR" . ; then
        mv "$tarball" "$PARK_DIR/"
        find "$STAGING_DIR" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
        say "drafts parked in $PARK_DIR/drafts-$stamp.tar.gz"
    else
        say "could not archive staging folder, left it in place"
    fi
}

rotate_tool_logs() {
    [ -d "$TOOL_LOGS" ] || return 0
    local f
    for f in "$TOOL_LOGS"/*.log; do
        [ -s "$f" ] || continue
        gzip -c "$f" > "$f.$(date +%Y%m%d).gz" && : > "$f"
    done
    find "$TOOL_LOGS" -name '*.gz' -mtime +14 -delete
    say "tool logs rotated"
}

prune_parked() {
    [ -d "$PARK_DIR" ] || return 0
    find "$PARK_DIR" -name 'drafts-*.tar.gz' -mtime +30 -delete
}

say "session tidy for $(id -un) on $(hostname)"
clean_cat_scratch
park_staging
rotate_tool_logs
prune_parked
rm -rf "$WORK"
say "done - workstation ready for the next reporter"
