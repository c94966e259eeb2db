//! The public pages' content: served from the database, imported from the
//! files under `content/` at first start and by `colloquy content import`.

mod banner;
mod calendar;
mod current_edition;
mod editing;
mod embed_origins;
mod history;
mod images;
mod import;
mod pages;
mod per_page;
mod photo_bounds;
mod prepared_edition;
mod registration_links;
mod srcset;
mod transfer;
