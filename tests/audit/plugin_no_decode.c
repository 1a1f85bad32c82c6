/* plugin_no_decode.c -- a plugin that exports u8guard_audit_name but not
 * u8guard_audit_decode: `u8guard audit --plugin` must refuse it with a
 * message and exit status 2 (tests/audit). */
#if defined(__GNUC__)
#define EXPORT __attribute__((visibility("default")))
#else
#define EXPORT
#endif

EXPORT const char *u8guard_audit_name(void);

/* u8guard_audit_name returns this plugin's name. */
const char *u8guard_audit_name(void)
{
    return "no-decode";
}
