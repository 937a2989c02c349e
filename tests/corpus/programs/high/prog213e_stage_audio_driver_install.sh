#!/usr/bin/env bash
# stage_audio_driver_install.sh
# Prepares a playback laptop for the side stage: installs the audio stack
# listed in stage_audio.conf with sudo and adds the operator to the audio
# group so JACK can run with realtime priority.
set -euo pipefail

PROG=${0##*/}
CONF="${STAGE_AUDIO_CONF:-./stage_audio.conf}"
OPERATOR="${SUDO_USER:-${USER:-$(id -un)}}"
ASSUME_YES=0
LOG="./stage_audio_install.log"

log() { echo "$(date '+%F %T') $PROG: $*" | tee -a "$LOG"; }
fail() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<USAGE
usage: $PROG [-c conf] [-u operator] [-y]
  -c  config file (default $CONF)
  -u  user to add to the audio group (default $OPERATOR)
  -y  do not ask for confirmation
USAGE
}

while getopts "c:u:yh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        u) OPERATOR="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! -f "$CONF" ]]; then
    log "no $CONF found, writing a default one"
    cat > "$CONF" <<'INI'
[packages]
core = alsa-utils jackd2 qjackctl
playback = vlc mpv
tools = sox ffmpeg

[groups]
extra = audio
INI
fi

# Parse the INI with Python; line 1 = packages, line 2 = groups.
read_conf() {
    CONF_PATH="$CONF" python3 - <<'PY'
import configparser, os, re
cp = configparser.ConfigParser()
cp.read(os.environ["CONF_PATH"])
pkgs = []
for key, value in cp.items("packages") if cp.has_section("packages") else []:
    pkgs.extend(v for v in value.split() if re.fullmatch(r"[a-z0-9][a-z0-9+.-]*", v))
groups = cp.get("groups", "extra", fallback="audio").split()
print(" ".join(dict.fromkeys(pkgs)))
print(" ".join(g for g in groups if re.fullmatch(r"[a-z_][a-z0-9_-]*", g)))
PY
}

{ read -r PKGS; read -r EXTRA_GROUPS; } < <(read_conf)
[[ -n "${PKGS:-}" ]] || fail "no packages listed in $CONF"
log "packages: $PKGS"
log "groups for $OPERATOR: $EXTRA_GROUPS"

if [[ "$ASSUME_YES" != 1 ]]; then
    read -r -p "Install with sudo? [y/N] " answer
    [[ "$answer" =~ ^[Yy]$ ]] || { log "aborted by operator"; exit 0; }
fi

command -v apt-get >/dev/null || fail "this script only supports apt-based systems"

log "refreshing package lists"
sudo apt-get update -qq || fail "apt-get update failed"

missing=()
for p in $PKGS; do
    if apt-cache show "$p" >/dev/null 2>&1; then
        missing+=("$p")
    else
        log "skipping unknown package $p"
    fi
done

if (( ${#missing[@]} )); then
    log "installing ${missing[*]}"
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" \
        || fail "package installation failed"
fi

for g in $EXTRA_GROUPS; do
    if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$g"; then
        log "$OPERATOR already in $g"
    else
        sudo usermod -aG "$g" "$OPERATOR" && log "added $OPERATOR to $g"
    fi
done

log "done; $OPERATOR must log out and back in for group changes to apply"
