#!/usr/bin/env bash
# valheim_update.sh - check Steam for a new Valheim dedicated server build,
# back up the worlds, update through steamcmd and bounce the service.
#
# Intended for the 'steam' user's crontab, e.g. every 30 minutes:
#   */30 * * * *  $HOME/bin/valheim_update.sh -q
#
# options:
#   -d DIR    server install dir   (default: ~/valheim)
#   -w DIR    worlds dir           (default: ~/.config/unity3d/IronGate/Valheim/worlds_local)
#   -u UNIT   systemd unit name    (default: valheim-server)
#   -f        force update even if the build id did not change
#   -q        quiet, only log to file

set -euo pipefail

APP_ID=896660
INSTALL_DIR="${HOME}/valheim"
WORLDS_DIR="${HOME}/.config/unity3d/IronGate/Valheim/worlds_local"
UNIT="valheim-server"
FORCE=0
QUIET=0
STEAMCMD="${STEAMCMD:-$(command -v steamcmd || echo "${HOME}/steamcmd/steamcmd.sh")}"
LOG_FILE="${HOME}/logs/valheim_update.log"
BACKUP_KEEP=10

log() {
    mkdir -p "$(dirname "$LOG_FILE")"
    local line
    line="$(date -Is) $*"
    echo "$line" >>"$LOG_FILE"
    (( QUIET )) || echo "$line"
}

while getopts "d:w:u:fqh" opt; do
    case "$opt" in
        d) INSTALL_DIR="$OPTARG" ;;
        w) WORLDS_DIR="$OPTARG" ;;
        u) UNIT="$OPTARG" ;;
        f) FORCE=1 ;;
        q) QUIET=1 ;;
        h) sed -n '2,14p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

installed_build() {
    local manifest="${INSTALL_DIR}/steamapps/appmanifest_${APP_ID}.acf"
    [[ -f "$manifest" ]] || { echo 0; return; }
    awk -F'"' '/"buildid"/ {print $4; exit}' "$manifest"
}

latest_build() {
    "$STEAMCMD" +login anonymous +app_info_update 1 +app_info_print "$APP_ID" +quit 2>/dev/null \
        | awk '/"branches"/,0' \
        | awk -F'"' '/"public"/ {f=1} f && /"buildid"/ {print $4; exit}'
}

backup_worlds() {
    local dest="${HOME}/backups/valheim"
    mkdir -p "$dest"
    local archive
    archive="${dest}/worlds-$(date +%Y%m%d-%H%M%S).tar.zst"
    if [[ -d "$WORLDS_DIR" ]]; then
        tar --zstd -cf "$archive" -C "$(dirname "$WORLDS_DIR")" "$(basename "$WORLDS_DIR")"
        log "worlds backed up to ${archive}"
    else
        log "no worlds dir at ${WORLDS_DIR}, skipping backup"
    fi
    # keep the newest BACKUP_KEEP archives
    ls -1t "$dest"/worlds-*.tar.zst 2>/dev/null | tail -n +$((BACKUP_KEEP + 1)) | xargs -r rm -f
}

service_ctl() {
    local action="$1"
    sudo --non-interactive systemctl "$action" "${UNIT}.service"
}

update_server() {
    "$STEAMCMD" +force_install_dir "$INSTALL_DIR" +login anonymous \
        +app_update "$APP_ID" validate +quit >>"$LOG_FILE" 2>&1
}

main() {
    local have want
    have="$(installed_build)"
    want="$(latest_build || true)"
    if [[ -z "$want" ]]; then
        log "could not read latest build id from steam, aborting"
        exit 1
    fi
    if [[ "$have" == "$want" && "$FORCE" -eq 0 ]]; then
        log "up to date (build ${have})"
        exit 0
    fi
    log "update available: ${have} -> ${want}"

    service_ctl stop || log "stop failed, continuing anyway"
    backup_worlds
    local tries=0
    until update_server; do
        tries=$((tries + 1))
        if (( tries >= 3 )); then
            log "steamcmd failed ${tries} times, starting old build"
            service_ctl start
            exit 1
        fi
        log "steamcmd failed, retrying in 60s"
        sleep 60
    done
    service_ctl start
    log "now on build $(installed_build)"
}

main
