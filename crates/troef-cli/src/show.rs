//! `troef show`: a readable diagram of each record.

use std::io;
use troef_rules::check::Checker;
use troef_rules::profiles::AnyProfile;

pub fn run(path: &str, overrides: &[AnyProfile]) -> io::Result<u8> {
    let name = super::display_name(path);
    let mut code = 0;
    for c in Checker::with_context(super::open(path)?, super::context(path, overrides)) {
        let c = c?;
        if !c.is_record() {
            continue;
        }
        if !c.is_valid() {
            code = 1;
        }
        super::emit(&troef_export::report::show(name, &c))?;
    }
    Ok(code)
}
