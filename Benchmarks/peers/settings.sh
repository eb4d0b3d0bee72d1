# Sourced by the peer scripts (POSIX sh, as some of them are): checks the numbers they are
# given (arguments and settings such as RUNS), so that a typo stops the script at once with one
# line saying which setting is wrong and why, before anything is installed, built or generated
# (not a traceback, a `bc` error halfway through, or a silent guess such as INVALID_PERCENT=300
# making every record invalid).

# require_number NAME VALUE MINIMUM [MAXIMUM]: VALUE must be a whole number (decimal digits,
# at most nine) from MINIMUM to MAXIMUM (default 999999999); otherwise exits with status 2.
require_number() {
  _setting_maximum="${4:-999999999}"
  case "$2" in
    '' | *[!0-9]*) ;;
    *)
      if [ "${#2}" -le 9 ] && [ "$2" -ge "$3" ] && [ "$2" -le "$_setting_maximum" ]; then return 0; fi
      ;;
  esac
  echo "$(basename "$0"): $1 must be a whole number from $3 to $_setting_maximum, not '$2'" >&2
  exit 2
}

# require_seconds NAME VALUE: VALUE must be a positive number of seconds written in decimal
# (`2`, `0.5`); otherwise exits with status 2.
require_seconds() {
  case "$2" in
    '' | *[!0-9.]* | *.*.* | .* | *.) ;;
    *[1-9]*) if [ "${#2}" -le 13 ]; then return 0; fi ;;
  esac
  echo "$(basename "$0"): $1 must be a positive number of seconds (such as 2 or 0.5), not '$2'" >&2
  exit 2
}
