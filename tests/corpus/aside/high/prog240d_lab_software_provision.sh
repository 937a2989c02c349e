#!/usr/bin/env bash
# lab_software_provision.sh - install the standard language-lab software
# on a classroom PC (audio recorder, media player, flashcards, office suite).
# Run by the lab technician from their own account; uses sudo for apt.
set -euo pipefail

PKG_LIST="${1:-./lab_packages.txt}"
LOG_FILE="./provision_$(date +%Y%m%d).log"
REPORT="./provision_report.json"
DEFAULT_PACKAGES="audacity vlc libreoffice goldendict hunspell-fr hunspell-es hunspell-de"
ASSUME_YES="${ASSUME_YES:-1}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

read_package_list() {
    local raw
    if [[ -f "$PKG_LIST" ]]; then
        raw="$(grep -v '^\s*#' "$PKG_LIST" | tr '\n' ' ')"
        log "package list from $PKG_LIST"
    else
        raw="$DEFAULT_PACKAGES"
        log "no $PKG_LIST, using default package set"
    fi
    # Validate names in Python: Debian package names only, no options.
    PKG_RAW="$raw" python3 -c '
import os, re, sys
ok, bad = [], []
for name in os.environ["PKG_RAW"].split():
    (ok if re.fullmatch(r"[a-z0-9][a-z0-9+.-]+", name) else bad).append(name)
for b in bad:
    print(f"rejected package name: {b}", file=sys.stderr)
print(" ".join(sorted(set(ok))))
'
}

check_sudo() {
    if ! command -v sudo >/dev/null 2>&1; then
        log "sudo is not installed on this PC"
        exit 1
    fi
    if ! sudo -v; then
        log "sudo authentication failed for $(id -un)"
        exit 1
    fi
}

missing_packages() {
    local pkg missing=()
    for pkg in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$pkg")
        fi
    done
    echo "${missing[*]:-}"
}

install_packages() {
    local yes_flag=""
    [[ "$ASSUME_YES" == "1" ]] && yes_flag="-y"
    log "updating package index"
    sudo apt-get update -q >>"$LOG_FILE" 2>&1
    log "installing: $*"
    if sudo DEBIAN_FRONTEND=noninteractive apt-get install $yes_flag -q "$@" >>"$LOG_FILE" 2>&1; then
        log "install finished"
    else
        log "apt-get install reported an error, see $LOG_FILE"
        return 1
    fi
}

write_report() {
    local status="$1"; shift
    PROV_STATUS="$status" PROV_PKGS="$*" PROV_OUT="$REPORT" python3 - <<'PY'
import json, os, platform, socket, datetime
report = {
    "host": socket.gethostname(),
    "os": platform.platform(),
    "when": datetime.datetime.now().isoformat(timespec="seconds"),
    "status": os.environ["PROV_STATUS"],
    "packages": os.environ["PROV_PKGS"].split(),
}
with open(os.environ["PROV_OUT"], "w") as fh:
    json.dump(report, fh, indent=2)
PY
    log "report written to $REPORT"
}

main() {
    local wanted todo
    wanted="$(read_package_list)"
    if [[ -z "$wanted" ]]; then
        log "nothing to install"
        exit 0
    fi
    # shellcheck disable=SC2086
    todo="$(missing_packages $wanted)"
    if [[ -z "$todo" ]]; then
        log "all packages already installed"
        write_report "up-to-date" $wanted
        exit 0
    fi
    check_sudo
    # shellcheck disable=SC2086
    if install_packages $todo; then
        write_report "installed" $todo
    else
        write_report "failed" $todo
        exit 1
    fi
}

main
