#!/usr/bin/env bash
# Creates a dedicated CA and the certificates of a mai-sandbox deployment
# (remote submission over mutual TLS, docs/remote.md) with the openssl CLI.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: tools/make-certs.sh DIR [--server-name NAME]... [--client NAME]... [--worker NAME]...
                           [--days N] [--force]

Creates, in DIR (P-256 keys, private keys mode 0600):
  ca.pem, ca.key            a dedicated CA for this deployment (trust nothing else with it)
  server.pem, server.key    the service's certificate: serverAuth, SAN DNS:localhost,
                            IP:127.0.0.1 and each --server-name (a DNS name or an IP address)
  NAME.pem, NAME.key        per --client NAME: clientAuth, subject CN=NAME
                            per --worker NAME: clientAuth, subject CN=NAME, OU=workers

An existing CA is reused to issue new certificates; --force replaces the CA (and
then everything issued by the old one stops working). The server certificate
is issued when it is missing, when the CA is new, or when --server-name is
given (then with exactly the names given); each --client/--worker named is
(re)issued. --days N sets the validity of new certificates (default 825; the
CA gets 3650).

  mai-sandbox serve  --tls-cert DIR/server.pem --tls-key DIR/server.key --tls-ca DIR/ca.pem
  mai-sandbox submit --tls-cert DIR/NAME.pem --tls-key DIR/NAME.key --tls-ca DIR/ca.pem
USAGE
}

die() { echo "make-certs: $*" >&2; exit 2; }

[[ $# -ge 1 ]] || { usage >&2; exit 2; }
case "$1" in -h|--help) usage; exit 0 ;; -*) usage >&2; exit 2 ;; esac
dir=$1; shift
server_names=() clients=() workers=() force=0 days=825
while [[ $# -gt 0 ]]; do
  case "$1" in
    --server-name) [[ $# -ge 2 && -n $2 ]] || die "--server-name needs a NAME"; server_names+=("$2"); shift 2 ;;
    --client) [[ $# -ge 2 && -n $2 ]] || die "--client needs a NAME"; clients+=("$2"); shift 2 ;;
    --worker) [[ $# -ge 2 && -n $2 ]] || die "--worker needs a NAME"; workers+=("$2"); shift 2 ;;
    --days) [[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || die "--days needs a number"; days=$2; shift 2 ;;
    --force) force=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument '$1'" ;;
  esac
done
command -v openssl >/dev/null || die "the openssl command is not installed (apt-get install openssl)"
for n in "${clients[@]}" "${workers[@]}"; do
  [[ $n =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || die "name '$n' must be letters, digits, '.', '_' or '-'"
  [[ $n != ca && $n != server ]] || die "name '$n' is reserved"
done

mkdir -p "$dir"
umask 077
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

newkey() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; chmod 600 "$1"; }
serial() { echo "0x$(openssl rand -hex 16)"; }

if [[ -e $dir/ca.pem || -e $dir/ca.key ]]; then
  if [[ $force -eq 1 ]]; then
    rm -f "$dir/ca.pem" "$dir/ca.key"
  elif [[ -e $dir/ca.pem && -e $dir/ca.key ]]; then
    echo "make-certs: reusing the existing CA in $dir (--force replaces it)" >&2
  else
    die "$dir has only half a CA (ca.pem or ca.key missing); use --force to create a new one"
  fi
fi
new_ca=0
if [[ ! -e $dir/ca.pem ]]; then
  new_ca=1
  newkey "$dir/ca.key"
  cat >"$tmp/ca.cnf" <<CNF
[req]
distinguished_name = dn
prompt = no
x509_extensions = ext
[dn]
CN = mai-sandbox deployment CA
O = mai-sandbox
[ext]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
CNF
  openssl req -new -x509 -config "$tmp/ca.cnf" -key "$dir/ca.key" -days 3650 -sha256 \
    -set_serial "$(serial)" -out "$dir/ca.pem"
  chmod 644 "$dir/ca.pem"
  echo "make-certs: created CA $dir/ca.pem" >&2
fi

# issue BASENAME SUBJECT EKU [SAN]
issue() {
  local base=$1 subj=$2 eku=$3 san=${4:-}
  newkey "$dir/$base.key"
  openssl req -new -key "$dir/$base.key" -subj "$subj" -out "$tmp/$base.csr"
  {
    echo "basicConstraints = critical, CA:FALSE"
    echo "keyUsage = critical, digitalSignature"
    echo "extendedKeyUsage = $eku"
    echo "subjectKeyIdentifier = hash"
    echo "authorityKeyIdentifier = keyid"
    [[ -n $san ]] && echo "subjectAltName = $san"
  } >"$tmp/$base.ext"
  openssl x509 -req -in "$tmp/$base.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" \
    -set_serial "$(serial)" -days "$days" -sha256 -extfile "$tmp/$base.ext" \
    -out "$dir/$base.pem" 2>/dev/null
  chmod 644 "$dir/$base.pem"
  echo "make-certs: issued $dir/$base.pem ($subj, $eku)" >&2
}

san="DNS:localhost,IP:127.0.0.1"
for n in "${server_names[@]}"; do
  if [[ $n =~ ^[0-9.]+$ || $n == *:* ]]; then san+=",IP:$n"; else san+=",DNS:$n"; fi
done
if [[ $new_ca -eq 1 || ! -e $dir/server.pem || ${#server_names[@]} -gt 0 ]]; then
  issue server "/CN=mai-sandbox server" serverAuth "$san"
fi
for n in "${clients[@]}"; do issue "$n" "/CN=$n" clientAuth; done
for n in "${workers[@]}"; do issue "$n" "/OU=workers/CN=$n" clientAuth; done
