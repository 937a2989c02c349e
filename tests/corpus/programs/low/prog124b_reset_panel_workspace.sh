#!/bin/sh
# reset_panel_workspace.sh - put the club's JMRI panel project checkout back
# to a clean state between operating sessions.  The roster and panel files
# are saved to a dated backup in the project directory first, so nothing the
# members built during the session is lost.
#
#   reset_panel_workspace.sh [layout-name]     default layout: ClubLayout
#
# Run from the top of the panel project (the directory with layout.conf).
# Environment: KEEP_BACKUPS (default 5)
set -eu

LAYOUT=${1:-ClubLayout}
PROJECT_DIR=$PWD
WORK_DIR="$PROJECT_DIR/work/$LAYOUT"
KEEP_BACKUPS=${KEEP_BACKUPS:-5}
STAMP=$(date +%Y%m%d-%H%M)
BACKUP_NAME="panel-backup-$STAMP"
BACKUP_DIR="$PROJECT_DIR/backups/$BACKUP_NAME"

log() { echo "[reset] $*"; }
fail() { echo "[reset] ERROR: $*" >&2; exit 1; }

[ -f "$PROJECT_DIR/layout.conf" ] || fail "run this from the panel project directory"

backup_work() {
    [ -d "$WORK_DIR" ] || fail "no work directory at $WORK_DIR"
    mkdir -p "$BACKUP_DIR"
    for item in roster.xml roster panels; do
        if [ -e "$WORK_DIR/$item" ]; then
            tar -C "$WORK_DIR" -rf "$BACKUP_DIR/work.tar" "$item"
        fi
    done
    if [ -f "$BACKUP_DIR/work.tar" ]; then
        gzip -f "$BACKUP_DIR/work.tar"
    fi
    log "saved roster and panels to backups/$BACKUP_NAME"
}

prune_backups() {
    # keep the newest $KEEP_BACKUPS backups
    ls -1d "$PROJECT_DIR"/backups/panel-backup-* 2>/dev/null | sort -r |
        tail -n +$((KEEP_BACKUPS + 1)) |
        while read -r old; do
            rm -rf -- "$old"
            log "pruned $(basename "$old")"
        done
}

clear_session_state() {
    root=$1
    [ -d "$root" ] || return 0
    # throttle windows, sensor tables and stale lock files from the last meet
    find "$root" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} +
}

clear_build_output() {
    for d in build dist .cache; do
        if [ -d "$PROJECT_DIR/$d" ]; then
            rm -rf -- "${PROJECT_DIR:?}/$d"
            log "removed $d/"
        fi
    done
    find "$PROJECT_DIR" -name '__pycache__' -type d -prune -exec rm -rf -- {} +
    find "$PROJECT_DIR" -name '*.lock' -path '*/work/*' -delete
}

restore_defaults() {
    mkdir -p "$WORK_DIR/profile"
    if [ -f "$BACKUP_DIR/work.tar.gz" ]; then
        tar -C "$WORK_DIR" -xzf "$BACKUP_DIR/work.tar.gz" 2>/dev/null || true
    fi
    cat > "$WORK_DIR/profile/profile.properties" <<EOF
# reset by reset_panel_workspace.sh on $STAMP
jmri-util-gui.JmriJFrame.restore=false
jmri.jmrit.throttle.ThrottleFrame.saveOnExit=false
EOF
}

main() {
    backup_work
    log "clearing session state under work/$LAYOUT"
    clear_session_state "$WORK_DIR"
    clear_build_output
    restore_defaults
    prune_backups
    log "workspace $LAYOUT reset; start PanelPro with work/$LAYOUT as profile"
}

main "$@"
