#!/bin/sh
# Reads one forwarded alert with the OpenSSL command line: checks the portal's signature, decrypts it, checks the
# AES-GCM tag, then the replay window. POSIX sh, OpenSSL 3.0 or later, and od, sed, tr, dd, wc, date: no jq, no
# base64 tool, no xxd. It does what alert-forwarding-decrypt.mjs does for one saved alert.
#
#   sh alert-forwarding-decrypt.sh <alert.json> <your-private-key.pem> <aes-key-hex> <portal-public-key.pem>
#      [--seen-ids <file>] [--max-age-seconds <n>]
#
# alert.json             the body your webhook received (or the example shown when you set up alert forwarding)
# your-private-key.pem   the private half of the RSA public key you gave the portal
# aes-key-hex            the AES key the portal showed you (64 hexadecimal characters)
# portal-public-key.pem  the portal public key it showed you beside it
# --seen-ids <file>      alert ids accepted before, one a line: an alert whose id is there is refused as a replay,
#                        and an accepted alert's id is added (the file is created when missing)
# --max-age-seconds <n>  the replay window: alerts issued longer ago are refused. Default: 300 (5 minutes)
#
# Prints the alert's JSON as it was sealed (one line). Exits with status 1, printing nothing on stdout, when the
# signature does not verify, the alert does not decrypt or its tag does not match, or it falls outside the replay
# window: such a request did not come from the portal, was changed on the way, or is an old alert sent again.
#
# How it gets by with the command line alone (docs/api/alert-forwarding.md, "Reading an alert", has the scheme):
#  - `openssl enc` refuses AES-GCM, so the ciphertext is decrypted as what GCM is underneath: AES-256-CTR from the
#    counter block iv || 00000002 (GCM's first counter is iv || 00000001, which masks the tag instead).
#  - CTR alone does not check the tag, so the tag is checked with `openssl mac GMAC` under the same key and iv. GMAC of
#    a message M is GHASH(M, and a block of M's length) xor E(iv || 00000001), and GHASH is linear. So with C the
#    ciphertext padded with zeros to whole blocks, L the block [0 as 64 bits][bit length of the ciphertext as 64 bits]
#    and E = E(iv || 00000001), which is GMAC of nothing:
#        GMAC(C || L || tag) = GMAC(zeros as long as C and L || E)   exactly when   tag = GHASH(C, L) xor E,
#    which is the GCM tag of this ciphertext with no additional data (both messages have the same length, hence the
#    same length block; the two GHASHs differ by (GHASH(C, L) xor E xor tag) times H squared, and H, the GHASH key,
#    is zero for one content key in 2^128). Every alert is thus authenticated twice, as in the Node example: by the
#    portal's signature, which covers the ciphertext and the tag, and by the tag under the content key.
#  - Keys pass through openssl's arguments (the content key of this alert, and the AES key as HKDF key material),
#    which other users of the same machine can read in the process list: run it on a machine that is yours alone.
set -u
umask 077

REPLAY_WINDOW_SECONDS=300
CLOCK_SKEW_SECONDS=60

usage() {
  echo 'usage: sh alert-forwarding-decrypt.sh <alert.json> <your-private-key.pem> <aes-key-hex> <portal-public-key.pem> [--seen-ids <file>] [--max-age-seconds <n>]' >&2
  exit 2
}

# The refusals of the Node example: forged, malformed, too_old, from_the_future, replayed; or no reason at all when
# the keys do not open what the portal signed.
reject() {
  if [ -n "$1" ]; then echo "rejected ($1): $2" >&2; else echo "rejected: $2" >&2; fi
  exit 1
}

alert_file='' private_key='' aes_key='' portal_key='' seen_ids='' max_age=$REPLAY_WINDOW_SECONDS
positional=0
while [ $# -gt 0 ]; do
  case $1 in
    --seen-ids) [ $# -ge 2 ] || usage; seen_ids=$2; shift 2 ;;
    --max-age-seconds) [ $# -ge 2 ] || usage; max_age=$2; shift 2 ;;
    *)
      positional=$((positional + 1))
      case $positional in
        1) alert_file=$1 ;;
        2) private_key=$1 ;;
        3) aes_key=$1 ;;
        4) portal_key=$1 ;;
        *) usage ;;
      esac
      shift ;;
  esac
done
[ -n "$alert_file" ] && [ -n "$private_key" ] && [ -n "$aes_key" ] && [ -n "$portal_key" ] || usage
case $max_age in '' | *[!0-9]*) usage ;; esac
# Without its leading zeros, so that shell arithmetic does not read the number as octal.
while [ "${max_age#0}" != "$max_age" ] && [ -n "${max_age#0}" ]; do max_age=${max_age#0}; done
for file in "$alert_file" "$private_key" "$portal_key"; do
  [ -r "$file" ] || { echo "cannot read $file" >&2; exit 2; }
done
case $(openssl version 2>/dev/null) in
  'OpenSSL '[3-9].*) ;;
  *) echo 'this needs OpenSSL 3.0 or later (openssl kdf and openssl mac)' >&2; exit 2 ;;
esac
aes_key=$(printf '%s' "$aes_key" | tr -d ' \n\r' | tr 'A-F' 'a-f')
case $aes_key in *[!0-9a-f]*) reject '' 'the AES key must be 64 hexadecimal characters' ;; esac
[ ${#aes_key} -eq 64 ] || reject '' 'the AES key must be 64 hexadecimal characters'

work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# --- the envelope: one flat JSON object of a number and base64 strings (and version 3's company id) ---
envelope=$(tr -d '\n\r' <"$alert_file")
string_field() {
  printf '%s' "$envelope" | sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\"\([^\"]*\)\".*/\1/p"
}
base64_field() {
  value=$(string_field "$1")
  case $value in '' | *[!A-Za-z0-9+/=]*) reject malformed "the envelope has no base64 $1" ;; esac
  printf '%s' "$value"
}
version=$(printf '%s' "$envelope" | sed -n 's/.*"version"[[:space:]]*:[[:space:]]*\([0-9][0-9]*\).*/\1/p')
case $version in
  4) signed_prefix=v4 ;;
  3)
    company_id=$(string_field company_id)
    # The signed text holds the id itself; one written with JSON escapes would need a JSON parser to rebuild.
    case $company_id in '' | *\\*) reject malformed 'the version 3 envelope has no plain company_id' ;; esac
    signed_prefix="v3.$company_id" ;;
  *) reject malformed "unsupported alert version ${version:-none}" ;;
esac
encrypted_seed=$(base64_field encrypted_seed) || exit 1
iv=$(base64_field iv) || exit 1
ciphertext=$(base64_field ciphertext) || exit 1
tag=$(base64_field tag) || exit 1
signature=$(base64_field signature) || exit 1

unbase64() { printf '%s' "$1" | openssl base64 -d -A; }
hex_of() { od -An -v -tx1 | tr -d ' \n'; }
# Bytes from hex, with the octal escapes every printf knows.
bytes_of() {
  rest=$1
  while [ -n "$rest" ]; do
    pair=${rest%"${rest#??}"}
    rest=${rest#??}
    # shellcheck disable=SC2059
    printf "\\$(printf %o "0x$pair")"
  done
}
zeros() { dd if=/dev/zero bs=1 count="$1" 2>/dev/null; }

# --- 1. the portal's signature over v4.<encrypted_seed>.<iv>.<ciphertext>.<tag>: RSASSA-PSS, SHA-256, salt 32 ---
printf '%s.%s.%s.%s.%s' "$signed_prefix" "$encrypted_seed" "$iv" "$ciphertext" "$tag" >"$work/signed"
unbase64 "$signature" >"$work/signature"
openssl pkeyutl -verify -pubin -inkey "$portal_key" -rawin -digest sha256 \
  -pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:32 -pkeyopt rsa_mgf1_md:sha256 \
  -in "$work/signed" -sigfile "$work/signature" >/dev/null 2>&1 ||
  reject forged 'the signature does not verify: not an alert from the portal'

# --- 2. the seed: RSA-OAEP (SHA-256, MGF1 SHA-256) with your private key ---
unbase64 "$encrypted_seed" >"$work/encrypted-seed"
openssl pkeyutl -decrypt -inkey "$private_key" \
  -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 -pkeyopt rsa_mgf1_md:sha256 \
  -in "$work/encrypted-seed" -out "$work/seed" 2>/dev/null ||
  reject '' 'the seed does not decrypt with this private key'
seed=$(hex_of <"$work/seed")

# --- 3. the content key: HKDF-SHA256(the AES key, salt = seed, info = "portal alert v<version>") ---
content_key=$(openssl kdf -keylen 32 -kdfopt digest:SHA256 -kdfopt "hexkey:$aes_key" -kdfopt "hexsalt:$seed" \
  -kdfopt "info:portal alert v$version" HKDF | tr -d ':\n' | tr 'A-F' 'a-f')
[ ${#content_key} -eq 64 ] || reject '' 'openssl kdf did not derive the content key'

# --- 4. AES-256-GCM: the tag checked with GMAC, the text decrypted with CTR (see the top of this file) ---
iv_hex=$(unbase64 "$iv" | hex_of)
[ ${#iv_hex} -eq 24 ] || reject malformed 'the iv is not 12 bytes'
unbase64 "$tag" >"$work/tag"
[ "$(wc -c <"$work/tag")" -eq 16 ] || reject malformed 'the tag is not 16 bytes'
unbase64 "$ciphertext" >"$work/ciphertext"
length=$(wc -c <"$work/ciphertext")
padding=$(((16 - length % 16) % 16))
gmac() {
  openssl mac -cipher AES-256-GCM -macopt "hexkey:$content_key" -macopt "hexiv:$iv_hex" "$@" GMAC
}
gmac -binary -in /dev/null >"$work/mask" || reject '' 'openssl mac GMAC failed'
{
  cat "$work/ciphertext"
  zeros "$padding"
  bytes_of "$(printf '0000000000000000%016x' $((length * 8)))"
  cat "$work/tag"
} >"$work/with-tag"
{
  zeros $((length + padding + 16))
  cat "$work/mask"
} >"$work/expected"
[ "$(gmac -in "$work/with-tag")" = "$(gmac -in "$work/expected")" ] ||
  reject '' 'the tag does not match: wrong AES key, or the alert was changed'
alert=$(openssl enc -d -aes-256-ctr -K "$content_key" -iv "${iv_hex}00000002" -in "$work/ciphertext") ||
  reject '' 'the alert does not decrypt'

# --- 5. the replay window, from the alert's own issued_at and alert_id (signed, inside the ciphertext) ---
alert_string() { printf '%s' "$alert" | sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }
inner_version=$(printf '%s' "$alert" | sed -n 's/.*"version":\([0-9][0-9]*\).*/\1/p')
if [ "$inner_version" != "$version" ] || { [ "$version" = 3 ] && [ "$(alert_string company_id)" != "$company_id" ]; }; then
  reject malformed 'the envelope and the alert inside it disagree'
fi
alert_id=$(alert_string alert_id)
issued_at=$(alert_string issued_at)

# Seconds since 1970 of a UTC time written 2026-11-26T08:15:31 (what follows the seconds is ignored), by the civil
# calendar's arithmetic, since POSIX date cannot read a date.
epoch_of() (
  case $1 in [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*) ;; *) exit 1 ;; esac
  IFS='-T:.Z'
  set -f
  # shellcheck disable=SC2086
  set -- $1
  # 1xx - 100 reads 08 and 09 as decimal numbers, not octal ones.
  y=$1 m=$((1$2 - 100)) d=$((1$3 - 100)) hours=$((1$4 - 100)) minutes=$((1$5 - 100)) seconds=$((1$6 - 100))
  [ "$m" -le 2 ] && y=$((y - 1))
  era=$((y / 400))
  year_of_era=$((y - era * 400))
  day_of_year=$(((153 * ((m + 9) % 12) + 2) / 5 + d - 1))
  day_of_era=$((year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year))
  echo $(((era * 146097 + day_of_era - 719468) * 86400 + hours * 3600 + minutes * 60 + seconds))
)
[ -n "$alert_id" ] && issued=$(epoch_of "$issued_at") || reject malformed 'the alert has no alert_id or issued_at'
now=$(epoch_of "$(date -u +%Y-%m-%dT%H:%M:%S)")
if [ $((now - issued)) -gt "$max_age" ]; then
  reject too_old "issued $((now - issued)) s ago, outside the replay window"
fi
if [ $((issued - now)) -gt "$CLOCK_SKEW_SECONDS" ]; then
  reject from_the_future 'issued ahead of this clock by more than the allowed skew'
fi
if [ -n "$seen_ids" ]; then
  if [ -f "$seen_ids" ] && grep -qxF -- "$alert_id" "$seen_ids"; then
    reject replayed "alert $alert_id was accepted before"
  fi
  printf '%s\n' "$alert_id" >>"$seen_ids"
fi
printf '%s\n' "$alert"
