//! What every rule profile file has besides its game's rule fields: the
//! header (`troef_profile`, `game`, `name`, `base`, `description`), written
//! once by the `profile_struct!` macro, and the
//! [`ProfileFile`] view the loader and the CLI use for any game.

/// A game's rule profile, seen without its rule fields.
pub trait ProfileFile {
    /// The name a `[Rules]` tag or `--rules` uses.
    fn name(&self) -> &str;
    /// What the profile is and where its rules come from.
    fn description(&self) -> &str;
    /// The profile this one starts from, if any.
    fn base(&self) -> Option<&str>;
    /// Every field, resolved, as a TOML table.
    fn to_table(&self) -> toml::Table;
    /// Every field, resolved, as JSON.
    fn to_json(&self) -> serde_json::Value;
}

/// Declares a game's `Profile` struct: the header every profile file has,
/// then the game's rule fields, with [`ProfileFile`] for it. Unknown fields
/// are refused (a misspelt rule must not pass silently), which serde does not
/// allow together with a flattened header struct; so the header is written
/// here once instead.
macro_rules! profile_struct {
    ($game:literal, $(#[$meta:meta])* pub struct $name:ident { $($fields:tt)* }) => {
        $(#[$meta])*
        #[derive(
            Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
        )]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            /// The profile file format version; this troef reads version 1.
            pub troef_profile: u32,
            #[doc = concat!("The game: `", $game, "`.")]
            pub game: String,
            /// The profile's name, as a `[Rules]` tag or `--rules` names it.
            pub name: String,
            /// The profile this one starts from (a built-in name, or a `.toml` file
            /// relative to this one); fields not given here are the base's.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub base: Option<String>,
            /// What the profile is and where its rules come from.
            #[serde(default)]
            pub description: String,
            $($fields)*
        }

        impl $crate::profile_file::ProfileFile for $name {
            fn name(&self) -> &str {
                &self.name
            }
            fn description(&self) -> &str {
                &self.description
            }
            fn base(&self) -> Option<&str> {
                self.base.as_deref()
            }
            fn to_table(&self) -> toml::Table {
                // Profiles are plain structs of strings, numbers, booleans
                // and tables: they always serialise.
                toml::Table::try_from(self).unwrap_or_default()
            }
            fn to_json(&self) -> serde_json::Value {
                serde_json::to_value(self).unwrap_or_default()
            }
        }
    };
}

pub(crate) use profile_struct;
