#!/usr/bin/env bash
# field_laptop_provision.sh - bring a fresh field laptop up to the survey
# crew baseline: packages, time sync for GNSS work, serial access for radios.
set -euo pipefail

CREW_USER="${CREW_USER:-$(id -un)}"
NTP_POOL="${NTP_POOL:-ntp.example.org}"
PACKAGES=(chrony gpsd gpsd-clients screen minicom python3-venv)

log() { printf '\e[1;34m==>\e[0m %s\n' "$*"; }

elevate() {
  local how
  for how in sudo doas; do
    if command -v "$how" >/dev/null 2>&1; then
      "$how" "$@"
      return
    fi
  done
  echo "need sudo or doas" >&2
  return 1
}

install_packages() {
  log "installing ${#PACKAGES[@]} packages"
  elevate apt-get update -qq
  elevate apt-get install -y -qq "${PACKAGES[@]}"
}

chrony_conf() {
  cat <<CONF
# managed by field_laptop_provision.sh
pool ${NTP_POOL} iburst maxsources 4
refclock SHM 0 offset 0.5 delay 0.2 refid NMEA
makestep 1.0 3
CONF
}

configure_time() {
  local dest_dir=/etc/chrony/conf.d
  log "writing chrony configuration"
  elevate mkdir -p "$dest_dir"
  chrony_conf | elevate tee "$dest_dir/survey.conf" >/dev/null
  elevate systemctl restart chrony
}

serial_access() {
  local grp
  for grp in dialout plugdev; do
    if ! id -nG "$CREW_USER" | grep -qw "$grp"; then
      log "adding $CREW_USER to $grp"
      elevate usermod -aG "$grp" "$CREW_USER"
    fi
  done
}

gpsd_defaults() {
  log "pointing gpsd at the USB GNSS receiver"
  printf 'DEVICES="/dev/ttyACM0"\nGPSD_OPTIONS="-n"\nUSBAUTO="true"\n' \
    | elevate tee /etc/default/gpsd >/dev/null
  elevate systemctl restart gpsd
}

declare -A TASKS=(
  [packages]=install_packages
  [time]=configure_time
  [serial]=serial_access
  [gpsd]=gpsd_defaults
)

main() {
  local order=(packages time serial gpsd) t
  [[ $# -gt 0 ]] && order=("$@")
  for t in "${order[@]}"; do
    "${TASKS[$t]:?unknown task $t}"
  done
  log "provisioning complete - log out and back in for group changes"
}

main "$@"
