#!/usr/bin/env bash
# Provision a fresh language-lab workstation (Ubuntu 22.04 lab image).
#
# Installs the audio and input-method tooling the lab lessons need, pins the
# on-site portal name so the kiosks still work when the school DNS is down,
# sets timezone/locale and drops the managed Firefox policy that opens the
# portal and blocks add-ons.
#
#   ./language_lab_provision.sh [--skip-packages] [--portal-ip 10.20.0.5]
#
# Needs an account that can use sudo; run it once per new machine.

set -euo pipefail

PORTAL_NAME="${PORTAL_NAME:-portal.lab.linguahub.example}"
PORTAL_IP="${PORTAL_IP:-10.20.0.5}"
TZ_NAME="${TZ_NAME:-Europe/Madrid}"
LAB_LOCALE="${LAB_LOCALE:-en_GB.UTF-8}"
SKIP_PACKAGES=0

PACKAGES=(
  audacity vlc sox
  hunspell-fr hunspell-es hunspell-de-de hunspell-it mythes-fr
  ibus ibus-pinyin ibus-anthy ibus-hangul
  fonts-noto-cjk fonts-noto-core
  jq curl
)

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    sudo -- "$@"
  fi
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --skip-packages) SKIP_PACKAGES=1 ;;
    --portal-ip) PORTAL_IP="${2:?}"; shift ;;
    --tz) TZ_NAME="${2:?}"; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) warn "unknown option $1"; exit 2 ;;
  esac
  shift
done

install_packages() {
  log "installing lab packages (${#PACKAGES[@]})"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}"
}

pin_portal() {
  if grep -qE "[[:space:]]${PORTAL_NAME//./\\.}([[:space:]]|$)" /etc/hosts; then
    log "hosts entry for $PORTAL_NAME already present"
    return
  fi
  log "pinning $PORTAL_NAME -> $PORTAL_IP"
  printf '%s\t%s\t# lab portal\n' "$PORTAL_IP" "$PORTAL_NAME" | as_root tee -a /etc/hosts >/dev/null
}

set_region() {
  log "timezone $TZ_NAME, locale $LAB_LOCALE"
  as_root timedatectl set-timezone "$TZ_NAME"
  if ! locale -a 2>/dev/null | grep -qi "${LAB_LOCALE/UTF-8/utf8}"; then
    as_root locale-gen "$LAB_LOCALE"
  fi
  as_root update-locale LANG="$LAB_LOCALE"
}

browser_policy() {
  local staging="./firefox-policies.json"
  log "writing managed Firefox policy"
  jq -n --arg home "https://$PORTAL_NAME/" '{
    policies: {
      Homepage: {URL: $home, Locked: true, StartPage: "homepage"},
      DisableTelemetry: true,
      DisablePrivateBrowsing: true,
      ExtensionSettings: {"*": {installation_mode: "blocked"}},
      DownloadDirectory: "${home}/lab/workspace/downloads"
    }
  }' > "$staging"
  as_root install -d -m 0755 /etc/firefox/policies
  as_root install -m 0644 "$staging" /etc/firefox/policies/policies.json
  rm -f "$staging"
}

input_methods() {
  log "enabling input methods for the lab user"
  gsettings set org.gnome.desktop.input-sources sources \
    "[('xkb', 'gb'), ('xkb', 'es'), ('ibus', 'pinyin'), ('ibus', 'anthy'), ('ibus', 'hangul')]" \
    2>/dev/null || warn "gsettings not available, set input sources by hand"
}

main() {
  if (( ! SKIP_PACKAGES )); then
    install_packages
  fi
  pin_portal
  set_region
  browser_policy
  input_methods
  log "done - reboot once so the input methods and locale take effect"
}

main
