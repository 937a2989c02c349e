#!/usr/bin/env bash
# caps_seccomp_report.sh - print the capability sets, seccomp mode and
# no_new_privs flag of the current shell, decoded from /proc/self/status.
#
# Useful in CI images to confirm that a container really runs with the
# reduced capability set the Dockerfile / pod spec promises.  Read only:
# the script never changes its own privileges.
#
# usage: caps_seccomp_report.sh [-s SET] [-j] [-h]
#   -s SET   only show one set: Inh, Prm, Eff, Bnd, Amb (default: all)
#   -j       print one JSON object instead of a table
set -euo pipefail

STATUS_FILE=/proc/self/status
ONLY_SET=""
AS_JSON=0

CAP_NAMES=(
  chown dac_override dac_read_search fowner fsetid kill setgid setuid
  setpcap linux_immutable net_bind_service net_broadcast net_admin net_raw
  ipc_lock ipc_owner sys_module sys_rawio sys_chroot sys_ptrace sys_pacct
  sys_admin sys_boot sys_nice sys_resource sys_time sys_tty_config mknod
  lease audit_write audit_control setfcap mac_override mac_admin syslog
  wake_alarm block_suspend audit_read perfmon bpf checkpoint_restore
)

usage() {
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
}

die() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

while getopts ':s:jh' opt; do
  case "$opt" in
    s) ONLY_SET=$OPTARG ;;
    j) AS_JSON=1 ;;
    h) usage; exit 0 ;;
    :) die "-$OPTARG needs an argument" ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

[[ -r $STATUS_FILE ]] || die "$STATUS_FILE is not readable (not Linux?)"

declare -A FIELDS=()
while IFS=: read -r key value; do
  value=${value//[[:space:]]/}
  case "$key" in
    CapInh|CapPrm|CapEff|CapBnd|CapAmb|Seccomp|Seccomp_filters|NoNewPrivs)
      FIELDS[$key]=$value ;;
  esac
done < "$STATUS_FILE"

# decode_caps HEX -> comma separated capability names
decode_caps() {
  local hex=$1 bits i names=()
  bits=$(( 16#$hex ))
  for (( i = 0; i < ${#CAP_NAMES[@]}; i++ )); do
    if (( (bits >> i) & 1 )); then
      names+=("${CAP_NAMES[$i]}")
    fi
  done
  local IFS=,
  printf '%s' "${names[*]:-none}"
}

seccomp_mode() {
  case "${FIELDS[Seccomp]:-}" in
    0) echo disabled ;;
    1) echo strict ;;
    2) echo "filter (${FIELDS[Seccomp_filters]:-?} filters)" ;;
    *) echo unknown ;;
  esac
}

sets=(Inh Prm Eff Bnd Amb)
if [[ -n $ONLY_SET ]]; then
  [[ " ${sets[*]} " == *" $ONLY_SET "* ]] || die "unknown set '$ONLY_SET'"
  sets=("$ONLY_SET")
fi

if (( AS_JSON )); then
  printf '{'
  sep=""
  for s in "${sets[@]}"; do
    printf '%s"Cap%s":{"hex":"%s","names":"%s"}' "$sep" "$s" \
      "${FIELDS[Cap$s]:-}" "$(decode_caps "${FIELDS[Cap$s]:-0}")"
    sep=","
  done
  printf ',"seccomp":"%s","no_new_privs":%s}\n' "$(seccomp_mode)" "${FIELDS[NoNewPrivs]:-0}"
  exit 0
fi

printf '%-8s %-18s %s\n' SET HEX CAPABILITIES
for s in "${sets[@]}"; do
  printf '%-8s %-18s %s\n' "Cap$s" "${FIELDS[Cap$s]:-?}" "$(decode_caps "${FIELDS[Cap$s]:-0}")"
done
echo
printf 'seccomp      : %s\n' "$(seccomp_mode)"
printf 'no_new_privs : %s\n' "${FIELDS[NoNewPrivs]:-?}"

eff=$(( 16#${FIELDS[CapEff]:-0} ))
if (( eff == 0 )); then
  echo "effective set is empty: process is fully unprivileged"
elif (( (eff >> 21) & 1 )); then
  echo "note: CAP_SYS_ADMIN is effective; this container is close to privileged"
fi
