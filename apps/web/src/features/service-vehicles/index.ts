// The service vehicles feature's front door (docs/architecture-boundaries.md). Its list and form classes
// (sv-list, sv-row, sv-actions, sv-form-grid, sv-tag) are also used by the invoice screens, so importing
// this module brings its stylesheet.
import './service-vehicles.css';
