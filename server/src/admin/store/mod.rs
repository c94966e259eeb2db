//! The admin pages' queries and the transactions that change what admins
//! change, each written to the activity log in the same transaction.

pub mod decisions;
pub mod editions;
pub mod roles;
pub mod table;
pub mod templates;
pub mod users;
