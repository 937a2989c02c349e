#!/usr/bin/env bash
# switch_config_backup.sh - pull startup configs from the lab switches.
#
# The old lab switches only offer plain FTP for config download.  Devices
# and credentials are listed in ./switches.ini:
#     [sw-core-1]
#     host = 10.20.0.2
#     user = backup
#     pass = ...
#     file = startup-config
# Configs land in ./backups/<name>/<date>.cfg and are diffed against the
# previous copy.
set -uo pipefail

INI="./switches.ini"
DEST="./backups"
KEEP=14
DRY=0

usage() { echo "usage: $0 [-c ini] [-o dir] [-k keep] [-n]"; }

while getopts ":c:o:k:nh" opt; do
  case $opt in
    c) INI=$OPTARG ;;
    o) DEST=$OPTARG ;;
    k) KEEP=$OPTARG ;;
    n) DRY=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ -r $INI ]] || { echo "missing $INI" >&2; exit 1; }

declare -A HOST USER PASS FILE
NAMES=()
section=""
while IFS= read -r raw || [[ -n $raw ]]; do
  line=${raw%%#*}
  line=$(echo "$line" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')
  [[ -z $line ]] && continue
  if [[ $line =~ ^\[(.+)\]$ ]]; then
    section=${BASH_REMATCH[1]}
    NAMES+=("$section")
    continue
  fi
  key=${line%%=*}; val=${line#*=}
  key=${key//[[:space:]]/}; val=${val# }
  case $key in
    host) HOST[$section]=$val ;;
    user) USER[$section]=$val ;;
    pass) PASS[$section]=$val ;;
    file) FILE[$section]=$val ;;
  esac
done < "$INI"

fetch_ftp() {
  local name=$1 out=$2
  local host=${HOST[$name]} user=${USER[$name]:-anonymous} pass=${PASS[$name]:-}
  local remote=${FILE[$name]:-startup-config}
  ftp -inv "$host" > "$out.ftplog" 2>&1 <<EOF
user $user $pass
binary
get $remote $out
bye
EOF
  grep -q '^226' "$out.ftplog"
}

prune() {
  local dir=$1
  ls -1t "$dir"/*.cfg 2>/dev/null | tail -n +"$((KEEP + 1))" | while read -r old; do
    rm -f -- "$old" "$old.ftplog"
  done
}

today=$(date +%Y-%m-%d)
ok=0; bad=0
for name in "${NAMES[@]}"; do
  dir="$DEST/$name"
  mkdir -p "$dir"
  out="$dir/$today.cfg"
  if [[ $DRY -eq 1 ]]; then
    echo "would fetch ${FILE[$name]:-startup-config} from ${HOST[$name]} -> $out"
    continue
  fi
  prev=$(ls -1t "$dir"/*.cfg 2>/dev/null | head -n1 || true)
  if fetch_ftp "$name" "$out"; then
    ok=$((ok + 1))
    if [[ -n $prev && $prev != "$out" ]] && ! cmp -s "$prev" "$out"; then
      echo "== $name changed since $(basename "$prev")"
      diff -u "$prev" "$out" | head -n 40
    else
      echo "== $name unchanged"
    fi
    prune "$dir"
  else
    bad=$((bad + 1))
    echo "!! $name: download failed, see $out.ftplog" >&2
  fi
done
echo "done: $ok ok, $bad failed"
[[ $bad -eq 0 ]]
