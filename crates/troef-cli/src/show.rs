//! `troef show`: a readable diagram of each record.

use std::io;
use troef_rules::check::Checker;

pub fn run(path: &str) -> io::Result<u8> {
    let name = super::display_name(path);
    let mut code = 0;
    for c in Checker::new(super::open(path)?) {
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
