// Mantine's styles per component (the login page must stay under 12 KB of CSS). This is the set the first page needs;
// lazily loaded pages import the extra components' styles themselves. The `.layer.css` variants put Mantine's rules
// in a cascade layer, so the portal's own CSS modules win wherever the bundler happens to place them (the server
// inlines the stylesheets, and a page's own may load before or after Mantine's).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Code.layer.css';
import './fonts.css';
